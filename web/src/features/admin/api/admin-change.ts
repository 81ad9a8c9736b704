// An admin action changes more than its target: each one writes the audit log, and a grant or its revocation moves
// the user's balances. Once it is settled, every list it may have changed is asked for again.
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { auditLogQueryKey } from "./get-audit-log";
import { adminUsersQueryKey } from "./get-admin-users";
import { creditGrantsQueryKey } from "./get-credit-grants";

/** What a change to a user or a grant touches: users (rows and drawers), grants and the audit log. */
export const USER_CHANGE_KEYS: QueryKey[] = [adminUsersQueryKey, creditGrantsQueryKey, auditLogQueryKey];

export function useAdminChange<TVariables, TAnswer>(
  mutationFn: (variables: TVariables) => Promise<TAnswer>,
  affects: QueryKey[] = USER_CHANGE_KEYS,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all(affects.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
