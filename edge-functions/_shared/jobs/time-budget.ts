// How long a worker keeps claiming work. Edge functions are stopped at a wall-clock limit (150 s on Supabase's free
// plan, 400 s on paid ones), so a worker returns well before it, leaving time to store its last chunk and kick a
// successor. Hosted functions also get 2 s of CPU per request: the jobs keep that small by making each unit of work
// small (a chunk of about a thousand addresses, most of its time spent waiting on DNS and the database).

/** The wall-clock time a worker works by default: under every plan's limit with a wide margin. */
export const DEFAULT_WORKER_BUDGET_MS = 50_000;
/** Kept free at the end of the budget whatever the units have cost so far: the successor's kick and the answer. */
export const DEFAULT_MARGIN_MS = 5_000;

export interface TimeBudget {
  /** Whether another unit fits, started now or after `delayMs`: the time left then covers the margin plus the longest
   * unit seen so far. */
  hasRoomForAnother(delayMs?: number): boolean;
  /** Marks a unit's start; its end() records how long it took. */
  startUnit(): { end(): void };
  elapsedMs(): number;
  /** Waits `ms` on the budget's clock, or less if `signal` aborts first (which is no error). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface TimeBudgetOptions {
  totalMs?: number;
  marginMs?: number;
  /** A monotonic clock in milliseconds, and a wait on it; tests pass their own. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export function timeBudget(
  { totalMs = DEFAULT_WORKER_BUDGET_MS, marginMs = DEFAULT_MARGIN_MS, now = () => performance.now(), sleep = timerSleep }:
    TimeBudgetOptions = {},
): TimeBudget {
  const startedAt = now();
  // The longest unit so far is the estimate for the next: units of one job are alike, and guessing long only means
  // handing over to the successor a little early.
  let longestUnitMs = 0;
  return {
    hasRoomForAnother: (delayMs = 0) => totalMs - (now() - startedAt) - delayMs >= marginMs + longestUnitMs,
    startUnit() {
      const unitStart = now();
      return {
        end() {
          longestUnitMs = Math.max(longestUnitMs, now() - unitStart);
        },
      };
    },
    elapsedMs: () => now() - startedAt,
    sleep,
  };
}

/** A timer that an abort clears, so nothing is left pending once the wait is called off. */
function timerSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}
