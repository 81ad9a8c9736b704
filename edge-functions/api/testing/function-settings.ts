// A function's settings of a test's own, through devstack's control (service-role key), restored afterwards: e.g. the
// api answering a validation at once instead of waiting for its mailbox probe.
import assert from "node:assert/strict";
import { type Answer, call, requiredEnv } from "./stack.ts";

function devstack(path: string, method: string, body?: unknown): Promise<Answer> {
  return call(path, { method, body, token: requiredEnv("SUPABASE_SERVICE_ROLE_KEY") });
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
