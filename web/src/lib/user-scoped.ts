// Data that belongs to whoever is signed in (contacts, lists). Query keys don't name the user and cached data never
// goes stale by itself (app/query-client.ts), so these queries carry this mark and are dropped when the signed-in
// person changes: the next one must never be shown the previous one's data.
import type { QueryClient } from "@tanstack/react-query";

export const userScoped = { userScoped: true } as const;

export function forgetUserScopedQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.meta?.userScoped === true });
}
