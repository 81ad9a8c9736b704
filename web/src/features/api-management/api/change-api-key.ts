// An admin's two changes to someone's key: revoke it (POST …/revoke, idempotent; the owner is emailed) and set its
// calls per minute (PATCH {rateLimit}). Both are audited by the server; once settled, the key pages are asked for again,
// since a change can move a key between status filters and the top keys.
import type { AdminRateLimitRequest } from "@contracts/api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api";
import { adminApiKeysQueryKey } from "./get-admin-api-keys";

const keyPath = (id: string) => `/api/admin/api-keys/${encodeURIComponent(id)}` as const;

function useKeyChange<TVariables>(mutationFn: (variables: TVariables) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminApiKeysQueryKey }),
  });
}

export function useRevokeApiKey() {
  return useKeyChange((id: string) => apiFetch(`${keyPath(id)}/revoke`, { method: "POST" }));
}

export function useSetApiKeyRateLimit() {
  return useKeyChange(({ id, ...body }: { id: string } & AdminRateLimitRequest) =>
    apiFetch(keyPath(id), { method: "PATCH", body }),
  );
}
