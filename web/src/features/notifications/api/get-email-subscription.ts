// GET /api/notifications/email-subscription: whether the signed-in person gets marketing emails.
import { emailSubscriptionSchema } from "@contracts/marketing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";

export const emailSubscriptionQueryKey = ["/api/notifications/email-subscription"] as const;

export async function getEmailSubscription(signal?: AbortSignal) {
  return readJson(await apiFetch("/api/notifications/email-subscription", { signal }), emailSubscriptionSchema);
}

export function useEmailSubscription() {
  return useQuery(
    queryOptions({ meta: userScoped, queryKey: emailSubscriptionQueryKey, queryFn: ({ signal }) => getEmailSubscription(signal) }),
  );
}
