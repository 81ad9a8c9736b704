// A kick starts a worker: a POST to the worker function with the shared secret. The worker answers as soon as it has
// started (its summary follows in the body when it is done), so a kick waits only for that acceptance and then hangs
// up: a kicker is never kept alive by the worker it started, and a chain of successors never holds a chain of callers.
import { WORKER_SECRET_HEADER } from "./worker-secret.ts";

/** The time a kick waits for the worker to accept; a kick that fails is not retried: the schedule kicks again. */
const ACCEPT_TIMEOUT_MS = 15_000;

export interface KickSettings {
  /** The project's URL (SUPABASE_URL): workers are reached at /functions/v1/<name> under it. */
  supabaseUrl: string;
  secret: string;
  /** Injected only to reach a server a test starts; the platform's fetch by default. */
  fetch?: typeof fetch;
}

/** The URL a worker function answers at. */
export function workerUrl(supabaseUrl: string, worker: string): string {
  return `${supabaseUrl.replace(/\/+$/, "")}/functions/v1/${encodeURIComponent(worker)}`;
}

/** Starts the worker; true once it accepted. A failure is logged, not thrown: the work stays queued for the next kick. */
export async function kickWorker(worker: string, settings: KickSettings): Promise<boolean> {
  const send = settings.fetch ?? fetch;
  try {
    const response = await send(workerUrl(settings.supabaseUrl, worker), {
      method: "POST",
      headers: { [WORKER_SECRET_HEADER]: settings.secret, "content-type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(ACCEPT_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (!response.ok) console.error(`Kicking ${worker} was answered ${response.status}`);
    return response.ok;
  } catch (error) {
    console.error(`Kicking ${worker} failed:`, error);
    return false;
  }
}

interface EdgeRuntimeGlobal {
  EdgeRuntime?: { waitUntil(task: Promise<unknown>): unknown };
}

/**
 * Runs a task past the answer of the request that started it. Supabase's edge runtime (and devstack's stand-in) keep
 * the instance alive for tasks given to EdgeRuntime.waitUntil; elsewhere the task simply runs on.
 */
export function inBackground<T>(task: Promise<T>): Promise<T> {
  (globalThis as EdgeRuntimeGlobal).EdgeRuntime?.waitUntil(task);
  return task;
}

/** Kicks a worker without waiting for it, kept alive past the current request's answer. */
export function kickInBackground(worker: string, settings: KickSettings): Promise<boolean> {
  return inBackground(kickWorker(worker, settings));
}
