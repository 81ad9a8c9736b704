// The admin lists read newest first in keyset pages: each answer names the cursor of the next page, or null at the end.
// A list shows the pages read so far and asks for the next one on "Load more".
import { infiniteQueryOptions, type QueryKey } from "@tanstack/react-query";
import { userScoped } from "@/lib/user-scoped";

export function cursorPagesOptions<TPage extends { nextCursor: TCursor | null }, TCursor extends string | number>(
  queryKey: QueryKey,
  fetchPage: (cursor: TCursor | undefined, signal: AbortSignal) => Promise<TPage>,
) {
  return infiniteQueryOptions({
    meta: userScoped,
    queryKey,
    // The first page has no cursor; each later one gets the cursor its predecessor named.
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam as TCursor | undefined, signal),
    initialPageParam: undefined as TCursor | undefined,
    getNextPageParam: (page: TPage) => page.nextCursor ?? undefined,
  });
}
