// GET /api/mailbox-probes/{probeId}: a mailbox check that was still running when the verdict was answered. An anonymous
// visitor's card polls it until the probe is done; a signed-in person's card asks once on each join of their live
// topic, for an update sent while it was not listening. A done answer carries the whole final result.
import { type MailboxProbeAnswer, mailboxProbeAnswerSchema } from "@contracts/validation";
import { queryOptions } from "@tanstack/react-query";
import { ApiError, apiFetch, readJson } from "@/lib/api";
import { settledAnswer } from "../live/mailbox-updates";

export const mailboxProbeQueryKey = (probeId: string) => ["/api/mailbox-probes", probeId] as const;

async function getMailboxProbe(probeId: string, signal?: AbortSignal): Promise<MailboxProbeAnswer> {
  const response = await apiFetch(`/api/mailbox-probes/${encodeURIComponent(probeId)}`, { signal });
  return readJson(response, mailboxProbeAnswerSchema);
}

/** The server no longer knows the probe (deleted after its time): it will not finish, so there is nothing to wait for. */
export function probeGone(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** `pollEveryMs`: ask again at that interval until the probe is done; false: only when asked. */
export function mailboxProbeQueryOptions(probeId: string, pollEveryMs: number | false) {
  return queryOptions({
    queryKey: mailboxProbeQueryKey(probeId),
    queryFn: ({ signal }) => getMailboxProbe(probeId, signal),
    refetchInterval: (query) =>
      query.state.data?.status === "done" || probeGone(query.state.error) ? false : pollEveryMs,
    // A poll that was in flight when the live event came must not take the card back to "checking".
    structuralSharing: (cached, incoming) =>
      settledAnswer(cached as MailboxProbeAnswer | undefined, incoming as MailboxProbeAnswer),
  });
}
