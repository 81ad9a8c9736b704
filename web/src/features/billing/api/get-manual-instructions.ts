// GET /api/billing/manual-payments/instructions?provider=: whom to pay by Venmo, Cash App or crypto.
import { type ManualInstructions, type ManualProvider, manualInstructionsSchema } from "@contracts/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export const manualInstructionsQueryKey = ["/api/billing/manual-payments/instructions"] as const;

export async function getManualInstructions(provider: ManualProvider, signal?: AbortSignal): Promise<ManualInstructions> {
  const search = new URLSearchParams({ provider });
  return readJson(
    await apiFetch(`/api/billing/manual-payments/instructions?${search}`, { signal }),
    manualInstructionsSchema,
  );
}

export function manualInstructionsQueryOptions(provider: ManualProvider) {
  return queryOptions({
    queryKey: [...manualInstructionsQueryKey, provider] as const,
    queryFn: ({ signal }) => getManualInstructions(provider, signal),
  });
}

export function useManualInstructions(provider: ManualProvider) {
  return useQuery(manualInstructionsQueryOptions(provider));
}
