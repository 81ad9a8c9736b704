// devstack's own controls (service-role key; nothing of the kind exists in production): a function restarted with a
// test's settings, to show what the product does when an operator left one unset.
import { expect, type APIRequestContext } from "@playwright/test";
import { LOCAL_SERVICE_ROLE_KEY } from "../../devstack/src/auth/keys.ts";

/**
 * Restarts every process of function `name` with `settings` over the stack's (null unsets one; {} restores the stack's
 * own). It answers once the new processes listen.
 */
export async function setFunctionSettings(
  request: APIRequestContext,
  name: string,
  settings: Record<string, string | null>,
): Promise<void> {
  const response = await request.put(`/_devstack/functions/${name}/settings`, {
    headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
    data: settings,
  });
  expect(response.status(), await response.text()).toBe(200);
}

export type ProbeWorker = { id: string; pid: number };

/**
 * Starts a mailbox probe worker beside the stack (the test stack runs none), pointed at the SMTP fixture. It answers
 * once the worker's heartbeat row exists, so the api sees a live worker from then on.
 */
export async function startProbeWorker(request: APIRequestContext): Promise<ProbeWorker> {
  const response = await request.post("/_devstack/probe-workers", {
    headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ProbeWorker;
}

/** Stops a probe worker the way an operator does (SIGTERM): it finishes or hands back its probes and forgets itself. */
export async function stopProbeWorker(request: APIRequestContext, worker: ProbeWorker): Promise<void> {
  const response = await request.delete(`/_devstack/probe-workers/${worker.id}`, {
    headers: { Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
}
