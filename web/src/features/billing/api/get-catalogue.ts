// GET /api/billing/catalogue: what can be bought at the server's prices, and which providers take payment now.
import { type CatalogueAnswer, catalogueAnswerSchema } from "@contracts/billing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export const catalogueQueryKey = ["/api/billing/catalogue"] as const;

export async function getCatalogue(signal?: AbortSignal): Promise<CatalogueAnswer> {
  return readJson(await apiFetch("/api/billing/catalogue", { signal }), catalogueAnswerSchema);
}

export function catalogueQueryOptions() {
  return queryOptions({ queryKey: catalogueQueryKey, queryFn: ({ signal }) => getCatalogue(signal) });
}

export function useCatalogue({ enabled }: { enabled: boolean }) {
  return useQuery({ ...catalogueQueryOptions(), enabled });
}
