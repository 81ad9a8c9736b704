// POST /api/notifications/push-subscriptions: this browser's push subscription, so pushes reach the device.
import { type PushSubscriptionInput, pushSubscriptionInputSchema } from "@contracts/marketing";
import { apiFetch } from "@/lib/api";

export async function savePushSubscription(subscription: PushSubscriptionInput): Promise<void> {
  await apiFetch("/api/notifications/push-subscriptions", {
    method: "POST",
    body: pushSubscriptionInputSchema.parse(subscription),
  });
}
