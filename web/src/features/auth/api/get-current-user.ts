// GET /api/user: who is signed in. A 401 means nobody, not an error.
import { type User, userSchema } from "@contracts/auth";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch, readJson } from "@/lib/api";
import { supabase } from "@/lib/supabase";
import { forgetUserScopedQueries } from "@/lib/user-scoped";

/** The spec's cache key for the current user, although the call itself goes to /api/user. */
export const currentUserQueryKey = ["/api/auth/user"] as const;

export async function getCurrentUser(signal?: AbortSignal): Promise<User | null> {
  // Without a session there is nobody to ask about, and an anonymous visit costs no request.
  const { data } = await supabase.auth.getSession();
  if (!data.session) return null;
  try {
    return await readJson(await apiFetch("/api/user", { signal }), userSchema);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function currentUserQueryOptions() {
  return queryOptions({ queryKey: currentUserQueryKey, queryFn: ({ signal }) => getCurrentUser(signal) });
}

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/** Makes `user` the signed-in one (null: nobody); when that is someone else, the previous person's data goes first. */
export function setCurrentUser(queryClient: QueryClient, user: User | null): void {
  const previous = queryClient.getQueryData<User | null>(currentUserQueryKey);
  if (previous?.id !== user?.id) forgetUserScopedQueries(queryClient);
  queryClient.setQueryData(currentUserQueryKey, user);
}
