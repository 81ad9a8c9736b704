// What the tests of mailbox probing share: probe workers started and stopped through devstack's gateway (the test
// stack runs none of its own), the SMTP fixture's transcripts, probes requested as the api requests them, and waiting
// for their results.
import assert from "node:assert/strict";
import { pollUntil } from "../../api/testing/bulk.ts";
import { call, requiredEnv, withDatabase } from "../../api/testing/stack.ts";
import { createMailDomainResolverFromSettings } from "../../_shared/dns/index.ts";
import {
  mailboxProbeState,
  type ProbeRequestAnswer,
  type ProbeRequester,
  requestMailboxProbes,
  type SmtpChecked,
} from "../../_shared/mailbox/index.ts";
import { createEmailValidator, type ValidationResult } from "../../_shared/validation/index.ts";

export interface ProbeWorker {
  id: string;
  pid: number;
  startedAt: string;
}

const serviceRole = () => requiredEnv("SUPABASE_SERVICE_ROLE_KEY");

/** Starts a worker against the SMTP fixture; answers once its heartbeat row exists. `settings` are its own. */
export async function startProbeWorker(settings: Record<string, string> = {}): Promise<ProbeWorker> {
  const response = await call("/_devstack/probe-workers", { method: "POST", body: settings, token: serviceRole() });
  assert.equal(response.status, 201, response.text);
  return response.json as ProbeWorker;
}

export async function runningProbeWorkers(): Promise<ProbeWorker[]> {
  const response = await call("/_devstack/probe-workers", { token: serviceRole() });
  assert.equal(response.status, 200, response.text);
  return response.json as ProbeWorker[];
}

/** Stops a worker gracefully: it finishes or gives back its probes and removes its heartbeat row, then exits. */
export async function stopProbeWorker(id: string): Promise<void> {
  const response = await call(`/_devstack/probe-workers/${id}`, { method: "DELETE", token: serviceRole() });
  assert.equal(response.status, 204, response.text);
}

/** Runs `work` with `count` workers, stopping them after it whatever happens, so the next test finds none. */
export async function withProbeWorkers<T>(
  count: number,
  work: (workers: ProbeWorker[]) => Promise<T>,
  settings: Record<string, string> = {},
): Promise<T> {
  const workers: ProbeWorker[] = [];
  try {
    for (let started = 0; started < count; started++) workers.push(await startProbeWorker(settings));
    return await work(workers);
  } finally {
    await stopIfRunning(workers);
  }
}

/** Stops those of the workers still running (a test may have stopped or killed some), so the next test finds none. */
export async function stopIfRunning(workers: ProbeWorker[]): Promise<void> {
  const running = new Set((await runningProbeWorkers()).map((worker) => worker.id));
  for (const worker of workers) if (running.has(worker.id)) await stopProbeWorker(worker.id);
}

/** Runs `work` with these admin_settings rows set, restoring them after. */
export async function withAdminSettings<T>(settings: Record<string, string>, work: () => Promise<T>): Promise<T> {
  const keys = Object.keys(settings);
  const before = await withDatabase((sql) =>
    sql<{ setting_key: string; setting_value: string }[]>`
      select setting_key, setting_value from public.admin_settings where setting_key = any(${keys})
    `
  );
  const set = (values: Record<string, string>) =>
    withDatabase(async (sql) => {
      for (const [key, value] of Object.entries(values)) {
        await sql`update public.admin_settings set setting_value = ${value} where setting_key = ${key}`;
      }
    });
  await set(settings);
  try {
    return await work();
  } finally {
    await set(Object.fromEntries(before.map((row) => [row.setting_key, row.setting_value])));
  }
}

/** What the fixture saw (devstack/src/smtp-fixture/transcripts.ts): each connection's lines in order, and how many
 * DATA commands it refused. */
export interface Transcripts {
  connections: { id: string; openedAt: string; closedAt: string | null; tls: boolean; lines: TranscriptLine[] }[];
  dataCommands: number;
}
export interface TranscriptLine {
  at: string;
  from: "client" | "server";
  text: string;
}

const fixture = () => requiredEnv("SMTP_FIXTURE_URL").replace(/\/+$/, "");

/** Forgets the fixture's greylisting memory and transcripts. */
export async function resetSmtpFixture(): Promise<void> {
  const response = await fetch(`${fixture()}/_fake/reset`, { method: "POST" });
  await response.body?.cancel();
  assert.equal(response.status < 300, true, `POST /_fake/reset answered ${response.status}`);
}

export async function smtpTranscripts(): Promise<Transcripts> {
  const response = await fetch(`${fixture()}/_fake/transcripts`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return JSON.parse(text) as Transcripts;
}

const validate = createEmailValidator({
  resolver: createMailDomainResolverFromSettings({ dnsServers: requiredEnv("DNS_SERVERS") }),
});

/**
 * Asks for probes of these addresses as the api does: the engine's DNS result of each, then
 * private.request_mailbox_probes. Earlier probes of the addresses and catch-all findings of their domains are
 * forgotten first, so each test probes afresh instead of reading another test's stored result.
 */
export async function requestProbes(
  emails: string[],
  requester: ProbeRequester = { userId: null, bulkSessionId: null },
): Promise<ProbeRequestAnswer[]> {
  const results = await Promise.all(emails.map((email) => validate(email)));
  // As DNS and the MX hosts know it: URL spells a domain in ASCII (punycode).
  const asciiDomain = (result: ValidationResult) => new URL(`http://${result.domain}`).hostname;
  const domains = [...new Set(results.map(asciiDomain))];
  await withDatabase(async (sql) => {
    await sql`delete from public.mailbox_probes where email_key = any(${emails.map((email) => email.toLowerCase())})`;
    await sql`delete from public.mail_domain_catch_all where domain = any(${domains})`;
  });
  return await requestMailboxProbes(
    results.map((result) => ({ email: result.email, domainAscii: asciiDomain(result), dnsResult: result })),
    requester,
  );
}

/** The probe's ids, each request having queued one. */
export function queuedIds(answers: ProbeRequestAnswer[]): string[] {
  return answers.map((answer) => {
    assert.equal(answer.status, "pending", JSON.stringify(answer));
    return (answer as { probeId: string }).probeId;
  });
}

/** Waits for each probe to be done (or expired) and answers its final result, in order. */
export async function probeResults(probeIds: string[]): Promise<ValidationResult[]> {
  const results: ValidationResult[] = [];
  for (const probeId of probeIds) {
    let last: unknown;
    results.push(
      await pollUntil(async () => {
        last = await mailboxProbeState(probeId);
        const state = last as { status: string; result: ValidationResult | null } | null;
        return state?.status === "done" && state.result ? state.result : undefined;
      }, () => `probe ${probeId} was not done: ${JSON.stringify(last)}`),
    );
  }
  return results;
}

/** The check of a done probe's result. */
export function checkOf(result: ValidationResult): SmtpChecked {
  assert.equal(result.smtp.status, "checked", JSON.stringify(result.smtp));
  return result.smtp as SmtpChecked;
}
