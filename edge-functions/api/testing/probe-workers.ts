// Mailbox probing in API tests: the test stack runs no probe worker, so a test that wants mailboxes checked starts its
// own through devstack's control (service-role key) and stops it before it ends; the probes then talk to the SMTP
// fixture. And the api function's settings of a test's own, restored afterwards.
import assert from "node:assert/strict";
import { type Answer, call, requiredEnv } from "./stack.ts";

function devstack(path: string, method: string, body?: unknown): Promise<Answer> {
  return call(path, { method, body, token: requiredEnv("SUPABASE_SERVICE_ROLE_KEY") });
}

/** Runs `work` with one probe worker running, started once its heartbeat is in, stopped gracefully however it ends. */
export async function withProbeWorker<T>(work: () => Promise<T>): Promise<T> {
  const started = await devstack("/_devstack/probe-workers", "POST");
  assert.equal(started.status, 201, started.text);
  const { id } = started.json as { id: string };
  try {
    return await work();
  } finally {
    const stopped = await devstack(`/_devstack/probe-workers/${id}`, "DELETE");
    assert.equal(stopped.status, 204, stopped.text);
  }
}

/** Runs `work` with the api function restarted on `settings` over the stack's own, and restarted on its own after. */
export async function withApiSettings<T>(settings: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const set = (body: Record<string, string>) => devstack("/_devstack/functions/api/settings", "PUT", body);
  assert.equal((await set(settings)).status, 200);
  try {
    return await work();
  } finally {
    assert.equal((await set({})).status, 200);
  }
}
