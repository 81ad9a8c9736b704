// GET /api/email/unsubscribe/{token} (no sign-in): whether an email's unsubscribe link names a recipient.
import { unsubscribeLinkSchema } from "@contracts/marketing";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiFetch, readJson } from "@/lib/api";

export const unsubscribeLinkQueryKey = (token: string) => ["/api/email/unsubscribe", token] as const;

export async function getUnsubscribeLink(token: string, signal?: AbortSignal) {
  try {
    return readJson(await apiFetch(`/api/email/unsubscribe/${encodeURIComponent(token)}`, { signal }), unsubscribeLinkSchema);
  } catch (error) {
    // An unknown or malformed token is an answer, not a failure.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { valid: false, unsubscribed: false };
    throw error;
  }
}

export function useUnsubscribeLink(token: string) {
  return useQuery(queryOptions({ queryKey: unsubscribeLinkQueryKey(token), queryFn: ({ signal }) => getUnsubscribeLink(token, signal) }));
}
