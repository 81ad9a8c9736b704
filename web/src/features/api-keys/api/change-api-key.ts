// The key changes: POST /api/api-keys (a new key), POST …/{id}/rotate (a new key in an old one's place; the old one
// lasts graceHours), PATCH …/{id} (rename) and DELETE …/{id} (revoke, idempotent). Making and rotating answer the
// secret, the only time it is ever sent. Each moves the list and the usage chart's choice of keys, so both refetch.
import {
  apiKeySchema,
  type CreateApiKeyRequest,
  createdApiKeySchema,
  type RenameApiKeyRequest,
  type RotateApiKeyRequest,
} from "@contracts/api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { apiKeysQueryKey } from "./api-keys-query-keys";

const keyPath = (id: string) => `/api/api-keys/${encodeURIComponent(id)}` as const;

function useKeyChange<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }) });
}

export function useCreateApiKey() {
  return useKeyChange(async (request: CreateApiKeyRequest) =>
    readJson(await apiFetch("/api/api-keys", { method: "POST", body: request }), createdApiKeySchema),
  );
}

export function useRotateApiKey() {
  return useKeyChange(async ({ id, ...request }: RotateApiKeyRequest & { id: string }) =>
    readJson(await apiFetch(`${keyPath(id)}/rotate`, { method: "POST", body: request }), createdApiKeySchema),
  );
}

export function useRenameApiKey() {
  return useKeyChange(async ({ id, ...request }: RenameApiKeyRequest & { id: string }) =>
    readJson(await apiFetch(keyPath(id), { method: "PATCH", body: request }), apiKeySchema),
  );
}

export function useRevokeApiKey() {
  return useKeyChange(async (id: string) => {
    await apiFetch(keyPath(id), { method: "DELETE" });
  });
}
