// When a delivery that did not get a 2xx is tried again: after 1 min, 5 min, 30 min, 2 h and 12 h
// (WEBHOOK_RETRY_SECONDS), counted from the attempt that just failed; after the last of those it has failed. `now` is
// the caller's, so tests can walk the whole schedule without waiting.
import { WEBHOOK_ATTEMPTS_MAX, WEBHOOK_RETRY_SECONDS } from "../contracts/api-keys.ts";

/** The next attempt after `attemptsMade` attempts (the one just made included), or null when none is left. */
export function nextAttemptAt(attemptsMade: number, now: Date): Date | null {
  if (attemptsMade < 1 || attemptsMade >= WEBHOOK_ATTEMPTS_MAX) return null;
  return new Date(now.getTime() + WEBHOOK_RETRY_SECONDS[attemptsMade - 1]! * 1000);
}
