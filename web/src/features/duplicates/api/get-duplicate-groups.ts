// GET /api/admin/duplicates/duplicates?q=&scope=&after=: duplicate groups in pages of 50, by email; each page names the
// email to continue after, or null at the end.
import { type DuplicateScope, duplicateGroupsPageSchema, duplicateGroupsQuerySchema } from "@contracts/duplicates";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { userScoped } from "@/lib/user-scoped";
import { duplicateGroupsQueryKey } from "./duplicates-keys";

export function useDuplicateGroups(q: string, scope: DuplicateScope | undefined) {
  return useInfiniteQuery({
    meta: userScoped,
    queryKey: duplicateGroupsQueryKey(q, scope),
    queryFn: async ({ pageParam, signal }) => {
      const query = duplicateGroupsQuerySchema.parse({ q: q || undefined, scope, after: pageParam });
      const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined));
      const search = params.size ? `?${params}` : "";
      return readJson(await apiFetch(`/api/admin/duplicates/duplicates${search}`, { signal }), duplicateGroupsPageSchema);
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextAfter ?? undefined,
  });
}
