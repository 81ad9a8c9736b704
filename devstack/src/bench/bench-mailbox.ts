// `npm run bench`'s mailbox probing figures, against the SMTP fixture with 100 ms before each reply over its 20
// probe-bench-NN.test domains (one MX host each): probes per second with one probe worker and with two, beside the
// ceiling the politeness settings allow (each MX host talks to at most `smtp_probe_host_concurrency` conversations at
// once and gets a new connection at most every `smtp_probe_host_interval_ms`): the goal is a rate limited by politeness,
// not by the worker. Then a 10,000-address bulk job (500 addresses on each domain) with probing, end to end.
//
// Each run starts from no stored results: probes and the domains' catch-all findings are deleted before it, so every
// run pays the same conversations.
import postgres from "postgres";
import { SMTP_NOT_REQUESTED } from "../../../edge-functions/_shared/mailbox/contract.ts";
import { validationResultSchema, type ValidationResult } from "../../../edge-functions/_shared/validation/contract.ts";
import type { RunningStack } from "../cli/stack.ts";
import { smtpFixtureControls, type SmtpFixtureControls } from "../smtp-fixture/testing.ts";
import { bulkRows, runBulkJob } from "./bench-bulk.ts";
import { grantCredits, registerAccount, requestText, seconds } from "./bench-measure.ts";

const DOMAINS = Array.from({ length: 20 }, (_, i) => `probe-bench-${String(i).padStart(2, "0")}.test`);
/** Probes per domain in each rate run: five conversations of 50 addresses each, so a run has several rounds of them
 * and its first and last weigh little. */
const RATE_PROBES_PER_DOMAIN = 250;
/** One worker, and two: one worker's conversations at once (PROBE_WORKER_DOMAINS_AT_ONCE, 50) already outnumber what the
 * hosts allow (2 each, 40 in all), so both runs should meet the politeness limit rather than the workers'. */
const RATE_WORKERS = [1, 2];
const BULK_PER_DOMAIN = 500;
const POLL_MS = 200;
const RUN_DEADLINE_MS = 10 * 60_000;

type Politeness = { concurrency: number; intervalMs: number };
type RateRun = { probes: number; ms: number; unfinished: number; conversations: Conversations };
type Conversations = { count: number; meanMs: number };

export async function mailboxFigures(stack: RunningStack): Promise<[string, string][]> {
  if (!stack.smtpFixture) throw new Error("the mailbox figures need the bench stack's SMTP fixture");
  const fixture = smtpFixtureControls(stack.smtpFixture.controlUrl);
  const sql = postgres(stack.dbUrl, { max: 2, onnotice: () => {} });
  try {
    const account = await registerAccount(stack, sql, "bench_mailbox");
    await grantCredits(stack, account.username, DOMAINS.length + DOMAINS.length * BULK_PER_DOMAIN);
    // Asked before any worker runs, so these are the DNS verdicts the probes start from.
    const dnsResults = await domainResults(stack, account.token);
    const politeness = await politenessSettings(sql);

    const runs: [number, RateRun][] = [];
    for (const workers of RATE_WORKERS) runs.push([workers, await withWorkers(stack, workers, () => rateRun(sql, fixture, dnsResults))]);
    const bulk = await withWorkers(stack, 2, async () => {
      await forgetProbes(sql);
      const emails = DOMAINS.flatMap((domain) =>
        Array.from({ length: BULK_PER_DOMAIN }, (_, n) => `user${10_000 + n}@${domain}`),
      );
      return runBulkJob(stack, account.token, bulkRows(emails), { killWorkerHalfway: false });
    });

    const label = (what: string) => `mailbox probes, 20 fixture domains, 100 ms per reply: ${what}`;
    const bulkAddresses = DOMAINS.length * BULK_PER_DOMAIN;
    return [
      ...runs.map(([workers, run]): [string, string] => [label(`${workers} worker${workers === 1 ? "" : "s"}`), rateFigure(run)]),
      [label("ceiling set by politeness"), ceilingFigure(politeness, runs.at(-1)![1])],
      [
        label(`bulk job of ${bulkAddresses.toLocaleString("en")} addresses, 2 workers, first part sent → Completed event`),
        `${seconds(bulk.ms)}, ${Math.round(bulkAddresses / (bulk.ms / 1000)).toLocaleString("en")} addresses/s (${bulk.progress.status}: ` +
          `${bulk.progress.validCount} valid, ${bulk.progress.invalidCount} invalid, ${bulk.progress.warningCount} warning)`,
      ],
    ];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** One address's DNS verdict per domain, through the api, as a template for every address at that domain. */
async function domainResults(stack: RunningStack, token: string): Promise<Map<string, ValidationResult>> {
  const results = new Map<string, ValidationResult>();
  for (const domain of DOMAINS) {
    const answer = await requestText(stack, "/api/validate-email", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ email: `user0@${domain}` }),
    }, 200);
    results.set(domain, validationResultSchema.parse(JSON.parse(answer)));
  }
  return results;
}

async function politenessSettings(sql: postgres.Sql): Promise<Politeness> {
  const [row] = await sql<{ concurrency: number; interval_ms: number }[]>`
    select private.setting_integer('smtp_probe_host_concurrency', 2) as concurrency,
           private.setting_integer('smtp_probe_host_interval_ms', 250) as interval_ms
  `;
  return { concurrency: row!.concurrency, intervalMs: row!.interval_ms };
}

/** Runs `work` with `count` probe workers beside the stack, and stops them after. */
async function withWorkers<T>(stack: RunningStack, count: number, work: () => Promise<T>): Promise<T> {
  const workers: string[] = [];
  try {
    for (let i = 0; i < count; i++) workers.push((await stack.probeWorkers.start()).id);
    return await work();
  } finally {
    for (const id of workers) await stack.probeWorkers.stop(id);
  }
}

/** Forgets every probe and catch-all finding, so a run's addresses and domains are all new to the workers. */
async function forgetProbes(sql: postgres.Sql): Promise<void> {
  await sql`delete from public.mailbox_probes`;
  await sql`delete from public.mail_domain_catch_all`;
}

/**
 * Queues RATE_PROBES_PER_DOMAIN probes on every domain in one request (as a bulk chunk asks), and times them from the
 * request to the last one done, on the database's clock.
 */
async function rateRun(
  sql: postgres.Sql,
  fixture: SmtpFixtureControls,
  dnsResults: Map<string, ValidationResult>,
): Promise<RateRun> {
  await forgetProbes(sql);
  await fixture.reset();
  const items = DOMAINS.flatMap((domain) =>
    Array.from({ length: RATE_PROBES_PER_DOMAIN }, (_, n) => {
      const email = `user${n}@${domain}`;
      return { email, domain, dnsResult: { ...dnsResults.get(domain)!, email, smtp: SMTP_NOT_REQUESTED } };
    }),
  );
  const [clock] = await sql<{ started: Date }[]>`select clock_timestamp() as started`;
  const answers = await sql<{ probe_id: string | null; status: string }[]>`
    select probe_id, status from private.request_mailbox_probes(${sql.json(items as never)}, null, null)
  `;
  const ids = answers.flatMap((answer) => (answer.probe_id ? [answer.probe_id] : []));
  if (ids.length !== items.length) {
    throw new Error(`the bench asked for ${items.length} probes and ${ids.length} were queued (${answers[0]?.status})`);
  }
  const deadline = Date.now() + RUN_DEADLINE_MS;
  for (;;) {
    const [state] = await sql<{ waiting: number; done: number; finished: Date | null }[]>`
      select count(*) filter (where status in ('pending', 'running'))::int as waiting,
             count(*) filter (where status = 'done')::int as done,
             max(done_at) as finished
      from public.mailbox_probes where id = any(${ids}::uuid[])
    `;
    if (state!.waiting === 0) {
      const ms = (state!.finished ?? new Date()).getTime() - clock!.started.getTime();
      return { probes: ids.length, ms, unfinished: ids.length - state!.done, conversations: await conversations(fixture) };
    }
    if (Date.now() > deadline) throw new Error(`${state!.waiting} probes were still waiting after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** How many conversations the fixture had since its reset, and how long they lasted on average. */
async function conversations(fixture: SmtpFixtureControls): Promise<Conversations> {
  const { connections } = await fixture.transcripts();
  const durations = connections.flatMap((c) => (c.closedAt ? [Date.parse(c.closedAt) - Date.parse(c.openedAt)] : []));
  return { count: connections.length, meanMs: durations.reduce((sum, ms) => sum + ms, 0) / Math.max(1, durations.length) };
}

function rateFigure(run: RateRun): string {
  const perSecond = run.probes / (run.ms / 1000);
  const perConversation = run.probes / Math.max(1, run.conversations.count);
  return (
    `${Math.round(perSecond).toLocaleString("en")} probes/s (${run.probes.toLocaleString("en")} in ${seconds(run.ms)}` +
    `${run.unfinished ? `, ${run.unfinished} not done` : ""}; ${run.conversations.count} conversations of ` +
    `${perConversation.toFixed(1)} addresses, ${seconds(run.conversations.meanMs)} each)`
  );
}

/**
 * What the politeness settings allow at most with the conversations the run had: every host busy with its full
 * concurrency (concurrency × hosts ÷ conversation time), and no host connected to more often than the interval allows
 * (hosts × 1000 ÷ interval conversations a second); each conversation probes the run's addresses per conversation.
 */
function ceilingFigure(politeness: Politeness, run: RateRun): string {
  const perConversation = run.probes / Math.max(1, run.conversations.count);
  const byConcurrency = ((politeness.concurrency * DOMAINS.length) / (run.conversations.meanMs / 1000)) * perConversation;
  const byInterval = ((DOMAINS.length * 1000) / politeness.intervalMs) * perConversation;
  const round = (value: number) => Math.round(value).toLocaleString("en");
  return (
    `${round(Math.min(byConcurrency, byInterval))} probes/s (${politeness.concurrency} conversations per host × ` +
    `${DOMAINS.length} hosts: ${round(byConcurrency)}/s; one connection per host every ${politeness.intervalMs} ms: ` +
    `${round(byInterval)}/s)`
  );
}
