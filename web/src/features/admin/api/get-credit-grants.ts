// GET /api/admin/credit-grants: every grant (or one user's), newest first, in cursor pages.
import { type CreditGrantsPage, creditGrantsPageSchema } from "@contracts/admin";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { adminSearchParams } from "./admin-search-params";
import { cursorPagesOptions } from "./admin-cursor-pages";

export const creditGrantsQueryKey = ["/api/admin/credit-grants"] as const;

export async function getCreditGrants(
  query: { userId?: string; cursor?: number },
  signal?: AbortSignal,
): Promise<CreditGrantsPage> {
  return readJson(await apiFetch(`/api/admin/credit-grants${adminSearchParams(query)}`, { signal }), creditGrantsPageSchema);
}

export function useCreditGrants(userId?: string) {
  return useInfiniteQuery(
    cursorPagesOptions([...creditGrantsQueryKey, { userId }], (cursor: number | undefined, signal) =>
      getCreditGrants({ userId, cursor }, signal),
    ),
  );
}
