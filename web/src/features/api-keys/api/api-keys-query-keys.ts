// The API keys screen's query keys: the keys and their usage under one root, so making, rotating or revoking a key
// refetches both; the webhook secret and deliveries under another, since no key change moves them.
export const apiKeysQueryKey = ["api-keys"] as const;
export const apiKeyListQueryKey = [...apiKeysQueryKey, "list"] as const;
export const apiKeyUsageQueryKey = (keyId: string | null) => [...apiKeysQueryKey, "usage", keyId] as const;

export const webhooksQueryKey = ["webhooks"] as const;
export const webhookSecretQueryKey = [...webhooksQueryKey, "secret"] as const;
export const webhookDeliveriesQueryKey = (page?: number) =>
  page === undefined ? ([...webhooksQueryKey, "deliveries"] as const) : ([...webhooksQueryKey, "deliveries", page] as const);
