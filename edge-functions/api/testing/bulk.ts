// What the bulk validation tests share: uploads through the api, waiting for a job's state by polling the session list
// (with a generous deadline, never a fixed sleep), the worker function called as the database's kicks call it, and its
// Deno processes as devstack's GET /_devstack/functions reports them.
import assert from "node:assert/strict";
import {
  type BulkSession,
  bulkSessionListSchema,
  type BulkUploadAnswer,
  bulkUploadAnswerSchema,
} from "../../_shared/contracts/bulk-validation.ts";
import { type Answer, call, gateway, requiredEnv } from "./stack.ts";

export type Row = { email: string; cells?: string[]; [field: string]: unknown };

/** Addresses at fixture zones (_shared/dns/testing/zones.ts) with the verdict the engine gives them. */
export const FIXTURE_VERDICTS: [email: string, verdict: string][] = [
  ["ann@mailscout-demo.test", "deliverable"],
  ["bob@gmail.com", "deliverable"],
  ["info@mailscout-demo.test", "risky"],
  ["carl@implicit-mx.test", "risky"],
  ["dora@mailinator.com", "risky"],
  ["eve@null-mx.test", "undeliverable"],
  ["fay@no-such-domain.test", "undeliverable"],
  ["not an address@mailscout-demo.test", "undeliverable"],
  ["gus@servfail.test", "unknown"],
];

export async function startUpload(token: string, body: Record<string, unknown>): Promise<Answer> {
  return await call("/api/bulk-validation/start-enhanced", { token, body: { sessionName: "Test", fileName: "list.csv", ...body } });
}

export async function sendPart(token: string, sessionId: string, body: Record<string, unknown>): Promise<Answer> {
  return await call(`/api/bulk-validation/sessions/${sessionId}/parts`, { token, body });
}

export function uploadAnswer(response: Answer, status = 200): BulkUploadAnswer {
  assert.equal(response.status, status, response.text);
  return bulkUploadAnswerSchema.parse(response.json);
}

/** A whole file: one start-enhanced call, or parts of `partRows` rows; the session's id. */
export async function upload(
  token: string,
  rows: Row[],
  { partRows = 5_000, ...extra }: { partRows?: number } & Record<string, unknown> = {},
): Promise<string> {
  const parts = Array.from({ length: Math.max(1, Math.ceil(rows.length / partRows)) }, (_, n) =>
    rows.slice(n * partRows, (n + 1) * partRows));
  const first = uploadAnswer(
    await startUpload(token, { emailsWithData: parts[0], final: parts.length === 1, totalRows: rows.length, ...extra }),
    201,
  );
  for (let part = 1; part < parts.length; part++) {
    uploadAnswer(await sendPart(token, first.sessionId, { part, emailsWithData: parts[part], final: part === parts.length - 1 }));
  }
  return first.sessionId;
}

export async function sessionsOf(token: string): Promise<BulkSession[]> {
  const response = await call("/api/bulk-validation/sessions", { token });
  assert.equal(response.status, 200, response.text);
  return bulkSessionListSchema.parse(response.json);
}

/** Overall deadline for a job to reach a state: generous, since the machine may be busy; polling ends at once. */
const JOB_DEADLINE_MS = 180_000;
const POLL_MS = 100;

/** Asks `check` until it answers something other than undefined; fails at the deadline with `what` and the last answer
 * `describe` gives. */
export async function pollUntil<T>(check: () => Promise<T | undefined>, what: () => string): Promise<T> {
  const deadline = Date.now() + JOB_DEADLINE_MS;
  while (Date.now() < deadline) {
    const found = await check();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`${what()} within ${JOB_DEADLINE_MS / 1000} s`);
}

/** Polls the user's session list until the session satisfies `done`; fails at the deadline with its last state. */
export async function waitForSession(
  token: string,
  sessionId: string,
  done: (session: BulkSession) => boolean,
  what: string,
): Promise<BulkSession> {
  let last: BulkSession | undefined;
  return await pollUntil(async () => {
    last = (await sessionsOf(token)).find((session) => session.id === sessionId);
    return last && done(last) ? last : undefined;
  }, () => `session ${sessionId} did not become ${what}: ${JSON.stringify(last)}`);
}

export async function waitUntilCompleted(token: string, sessionId: string): Promise<BulkSession> {
  return await waitForSession(token, sessionId, (session) => session.status === "completed", "completed");
}

export const BULK_WORKER_URL = `${gateway}/functions/v1/bulk-validation-worker`;

/** Calls a worker function as a kick does, and waits for the summary of its run. */
export async function runWorker(url = BULK_WORKER_URL): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "x-worker-secret": requiredEnv("WORKER_SECRET"), "content-type": "application/json" },
    body: "{}",
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return JSON.parse(text);
}

export interface FunctionProcess {
  name: string;
  instance: number;
  pid: number;
  port: number;
  restarts: number;
}

/** A worker function's Deno processes (devstack runs two), as devstack reports them, by instance. */
export async function workerProcesses(worker = "bulk-validation-worker"): Promise<FunctionProcess[]> {
  const serviceKey = requiredEnv("SUPABASE_SERVICE_ROLE_KEY");
  const response = await fetch(`${gateway}/_devstack/functions`, {
    headers: { authorization: `Bearer ${serviceKey}`, apikey: serviceKey },
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  const found = (JSON.parse(text) as FunctionProcess[]).filter((fn) => fn.name === worker);
  assert.ok(found.length > 0, `no ${worker} in ${text}`);
  return found.sort((a, b) => a.instance - b.instance);
}

export interface Download {
  status: number;
  headers: Headers;
  /** The body as sent, byte order mark included (fetch's text() would drop it). */
  bytes: Uint8Array;
  /** The body decoded, without the byte order mark. */
  text: string;
}

/** The download, read whole (the tests' files are small). */
export async function download(token: string, sessionId: string): Promise<Download> {
  return await downloadFrom(`/api/bulk-validation/sessions/${sessionId}/download`, token);
}

/** Any file the api answers (a download, an export), read whole. */
export async function downloadFrom(path: string, token: string): Promise<Download> {
  const response = await fetch(`${gateway}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes) };
}
