// GET /api/webhooks/secret reveals the person's signing secret (the server makes one on the first ask); POST makes a
// new one in its place. Only the revealed secret's view asks for it, so it is fetched when the person asks to see it,
// and it leaves the cache as soon as it leaves the screen.
import { webhookSecretSchema } from "@contracts/api-keys";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { webhookSecretQueryKey } from "./api-keys-query-keys";

export function webhookSecretQueryOptions() {
  return queryOptions({
    meta: userScoped,
    queryKey: webhookSecretQueryKey,
    queryFn: async ({ signal }) => readJson(await apiFetch("/api/webhooks/secret", { signal }), webhookSecretSchema),
    gcTime: 0,
  });
}

export function useWebhookSecret() {
  return useQuery(webhookSecretQueryOptions());
}

export function useRegenerateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => readJson(await apiFetch("/api/webhooks/secret", { method: "POST" }), webhookSecretSchema),
    onSuccess: (secret) => queryClient.setQueryData(webhookSecretQueryKey, secret),
  });
}
