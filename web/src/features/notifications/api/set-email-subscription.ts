// PUT /api/notifications/email-subscription: marketing emails on or off (only the owner turns them back on).
import { emailSubscriptionSchema } from "@contracts/marketing";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { emailSubscriptionQueryKey } from "./get-email-subscription";

export async function setEmailSubscription(subscribed: boolean) {
  const body = emailSubscriptionSchema.parse({ subscribed });
  return readJson(await apiFetch("/api/notifications/email-subscription", { method: "PUT", body }), emailSubscriptionSchema);
}

export function useSetEmailSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEmailSubscription,
    onSuccess: (answer) => queryClient.setQueryData(emailSubscriptionQueryKey, answer),
  });
}
