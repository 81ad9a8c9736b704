// The duplicates queries' keys, under one root: an edit, delete, merge or undo changes the groups, a group's records
// and the recent merges alike, so each change refreshes all of them.
import type { DuplicateScope } from "@contracts/duplicates";

export const duplicatesQueryKey = ["admin-duplicates"] as const;
export const duplicateGroupsQueryKey = (q: string, scope: DuplicateScope | undefined) =>
  [...duplicatesQueryKey, "groups", { q, scope }] as const;
export const duplicateRecordsQueryKey = (email: string) => [...duplicatesQueryKey, "records", email] as const;
export const mergesQueryKey = [...duplicatesQueryKey, "merges"] as const;
