// What a progress event does to the cached session list, and the rate and time left that follow from the events.
// Pure, so the rules are tested without a socket: an event never takes a session back (a late event after a refetch
// brought newer counts or fewer mailbox checks waiting, or after the session finished), and a finished session stays
// finished.
import type { BulkProgress, BulkSession, BulkSessionStatus } from "@contracts/bulk-validation";

const UNFINISHED: readonly BulkSessionStatus[] = ["queued", "running"];

export function isUnfinished(session: Pick<BulkSession, "status">): boolean {
  return UNFINISHED.includes(session.status);
}

/** The list with one session's counters and status from `progress`; the same list when nothing changes. */
export function applyProgress(
  sessions: BulkSession[] | undefined,
  sessionId: string,
  progress: BulkProgress,
): BulkSession[] | undefined {
  if (!sessions) return sessions;
  const index = sessions.findIndex((session) => session.id === sessionId);
  const session = sessions[index];
  if (!session || !isUnfinished(session)) return sessions;
  const finishing = !UNFINISHED.includes(progress.status);
  if (!finishing && progress.processedEmails < session.processedEmails) return sessions;
  // Once its rows are processed, a session's mailbox checks only ever end: more of them waiting is an older event.
  if (
    !finishing &&
    progress.processedEmails === session.processedEmails &&
    progress.mailboxPendingEmails > session.mailboxPendingEmails
  ) {
    return sessions;
  }
  const keys = Object.keys(progress) as (keyof BulkProgress)[];
  if (keys.every((key) => progress[key] === session[key])) return sessions;
  const next = [...sessions];
  next[index] = { ...session, ...progress };
  return next;
}

export type RateSample = { at: number; processed: number };

/** Rates are taken over the last few seconds of events, so a pause or a burst shows soon. */
export const RATE_WINDOW_MS = 10_000;

/** The samples with `sample` added and those older than the window dropped (the two newest always stay). */
export function addSample(samples: RateSample[], sample: RateSample, windowMs = RATE_WINDOW_MS): RateSample[] {
  const last = samples.at(-1);
  if (last && sample.processed === last.processed) return samples;
  const all = [...samples, sample];
  const cutoff = sample.at - windowMs;
  const firstKept = all.findIndex((kept) => kept.at >= cutoff);
  return all.slice(Math.min(firstKept === -1 ? all.length : firstKept, all.length - 2));
}

/** Rows a second between the oldest and newest sample; null until two samples say. */
export function rowsPerSecond(samples: RateSample[]): number | null {
  const first = samples[0];
  const last = samples.at(-1);
  if (!first || !last || last.at <= first.at || last.processed <= first.processed) return null;
  return ((last.processed - first.processed) * 1000) / (last.at - first.at);
}

/** Whole seconds until every row is done at `rate`; null without a rate. */
export function secondsLeft(totalEmails: number, processedEmails: number, rate: number | null): number | null {
  if (!rate) return null;
  return Math.ceil(Math.max(0, totalEmails - processedEmails) / rate);
}
