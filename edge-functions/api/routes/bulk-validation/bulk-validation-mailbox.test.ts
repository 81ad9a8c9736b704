// Bulk jobs with mailbox checks, against the running stack: without a probe worker (the test stack starts none) a job
// completes with its DNS verdicts and says the mailboxes were not checked; with one (started here through devstack's
// control, talking to the SMTP fixture) a job of the fixture's mailbox addresses completes only after its probes, with
// the verdicts they moved, counters by rows and the download's mailbox columns; and with its worker killed mid-batch a
// job still completes, the probes no one finished expired at their deadline.
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { type JobResult, jobResultsPageSchema } from "../../../_shared/contracts/integrations.ts";
import { download, pollUntil, type Row, upload, waitUntilCompleted } from "../../testing/bulk.ts";
import { callIntegrations, newApiKey } from "../../testing/integrations.ts";
import { smtpFixture, withProbeWorkers } from "../../../probe-worker/testing/probe-workers.ts";
import { signedInUser, withDatabase } from "../../testing/stack.ts";

type Columns = Record<string, string>;

/** The download's records, each by column name, in file order. */
async function downloaded(token: string, sessionId: string): Promise<Columns[]> {
  const file = await download(token, sessionId);
  assert.equal(file.status, 200, file.text);
  const [header, ...records] = parse(file.text) as string[][];
  return records.map((record) => Object.fromEntries(header!.map((name, i) => [name, record[i]!])));
}

const MAILBOX_COLUMNS = ["verdict", "mailbox", "smtp_connectable", "smtp_deliverable", "catch_all"] as const;
const mailboxColumns = (record: Columns) => MAILBOX_COLUMNS.map((column) => record[column]);

/** Forgets stored probes of these addresses and catch-all findings of their domains, so the job probes afresh. */
async function forgetProbes(emails: string[]): Promise<void> {
  const keys = emails.map((email) => email.toLowerCase());
  const domains = [...new Set(keys.map((key) => key.slice(key.lastIndexOf("@") + 1)))];
  await withDatabase(async (sql) => {
    await sql`delete from public.mailbox_probes where email_key = any(${keys})`;
    await sql`delete from public.mail_domain_catch_all where domain = any(${domains})`;
  });
}

Deno.test("without a probe worker a job completes with its DNS verdicts and says no worker checked the mailboxes", async () => {
  const user = await signedInUser();
  const rows: Row[] = [{ email: "john@mailbox.test" }, { email: "eve@null-mx.test" }];
  const sessionId = await upload(user.token, rows);
  const done = await waitUntilCompleted(user.token, sessionId);
  assert.deepEqual([done.processedEmails, done.validCount, done.invalidCount, done.mailboxPendingEmails], [2, 1, 1, 0]);

  const [john, eve] = await downloaded(user.token, sessionId);
  assert.deepEqual(mailboxColumns(john!), ["deliverable", "not_checked:no_worker", "", "", ""]);
  assert.deepEqual(mailboxColumns(eve!), ["undeliverable", "not_checked:not_receiving", "", "", ""]);
  assert.equal(john!.catch_all_confidence, "");
  assert.equal(
    await withDatabase(async (sql) => (await sql`select 1 from public.mailbox_probes where email_key = 'john@mailbox.test'`).length),
    0,
    "nothing is queued for a worker that is not there",
  );

  // The public API's results pages carry each row's mailbox check as a validation result does.
  const key = await newApiKey(user.id);
  const page = await callIntegrations(`/jobs/${sessionId}/results`, key.secret);
  assert.equal(page.status, 200, page.text);
  const results: JobResult[] = jobResultsPageSchema.parse(page.json).results;
  assert.deepEqual(results.map((result) => [result.email, result.smtp]), [
    ["john@mailbox.test", { status: "not_checked", reason: "no_worker" }],
    ["eve@null-mx.test", { status: "not_checked", reason: "not_receiving" }],
  ]);
});

Deno.test({
  name: "with a probe worker a job completes only after its probes, the verdicts, counters and columns moved by them",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const user = await signedInUser();
    // john exists at mailbox.test and, after one greylisting, at greylist.test; the same address in two rows counts
    // twice; eve's domain takes no mail, so nothing is asked of a server for her.
    const rows: Row[] = [
      { email: "john@mailbox.test" },
      { email: "nobody@mailbox.test" },
      { email: "full@mailbox.test" },
      { email: "x@catch-all.test" },
      { email: "y@blocked.test" },
      { email: "john@greylist.test" },
      { email: "John@Mailbox.test" },
      { email: "eve@null-mx.test" },
    ];
    await forgetProbes(rows.map((row) => row.email));
    await smtpFixture.reset();
    const { sessionId, done } = await withProbeWorkers(1, async () => {
      const sessionId = await upload(user.token, rows);
      return { sessionId, done: await waitUntilCompleted(user.token, sessionId) };
    });

    assert.deepEqual(
      [done.totalEmails, done.processedEmails, done.validCount, done.invalidCount, done.warningCount],
      [8, 8, 4, 3, 1],
    );
    assert.equal(done.mailboxPendingEmails, 0);

    const records = await downloaded(user.token, sessionId);
    assert.deepEqual(records.map(mailboxColumns), [
      ["deliverable", "exists", "true", "true", "false"],
      ["undeliverable", "not_found", "true", "false", "false"],
      ["undeliverable", "full", "true", "false", "false"],
      ["risky", "catch_all", "true", "", "true"],
      ["deliverable", "blocked", "true", "", "false"],
      ["deliverable", "exists", "true", "true", "false"],
      ["deliverable", "exists", "true", "true", "false"],
      ["undeliverable", "not_checked:not_receiving", "", "", ""],
    ]);
    assert.deepEqual(records.map((record) => record.reasons), [
      "mailbox_exists",
      "role_account mailbox_not_found",
      "mailbox_full",
      "catch_all",
      "smtp_blocked",
      "mailbox_exists",
      "mailbox_exists",
      "null_mx",
    ]);
    assert.ok(Number(records[3]!.catch_all_confidence) > 0, JSON.stringify(records[3]));

    // Completed only once every probe had ended: each ended no later than the job, and none is left waiting.
    const probes = await withDatabase((sql) =>
      sql<{ email_key: string; status: string; ended_first: boolean }[]>`
        select p.email_key, p.status, p.done_at <= s.completed_at as ended_first
        from public.mailbox_probes as p, public.bulk_validation_sessions as s
        where s.id = ${sessionId} and p.email_key = any(${rows.map((row) => row.email.toLowerCase())})
        order by p.email_key
      `
    );
    assert.deepEqual(probes.map((probe) => [probe.email_key, probe.status, probe.ended_first]), [
      ["full@mailbox.test", "done", true],
      ["john@greylist.test", "done", true],
      ["john@mailbox.test", "done", true],
      ["nobody@mailbox.test", "done", true],
      ["x@catch-all.test", "done", true],
      ["y@blocked.test", "done", true],
    ]);
  },
});

/** Runs `work` with admin_settings' `key` set to `value`, restoring what was there after. */
async function withAdminSetting<T>(key: string, value: string, work: () => Promise<T>): Promise<T> {
  const [before] = await withDatabase((sql) =>
    sql<{ setting_value: string }[]>`select setting_value from public.admin_settings where setting_key = ${key}`
  );
  const set = (to: string) =>
    withDatabase((sql) => sql`update public.admin_settings set setting_value = ${to} where setting_key = ${key}`);
  assert.ok(before, `admin_settings has no ${key}`);
  await set(value);
  try {
    return await work();
  } finally {
    await set(before.setting_value);
  }
}

Deno.test({
  name: "a job whose probe worker is killed mid-batch still completes: the probes nobody finished expire",
  sanitizeResources: false,
  sanitizeOps: false,
  fn: async () => {
    const user = await signedInUser();
    // The bench's domains answer every reply 100 ms late, so 40 addresses keep the worker busy for seconds.
    const rows: Row[] = Array.from({ length: 40 }, (_, n) => ({ email: `user${n + 1}@probe-bench-10.test` }));
    await forgetProbes(rows.map((row) => row.email));
    // Probes queued now must end within 30 s: past that, the expiry sweep ends them as not checked.
    const done = await withAdminSetting("smtp_probe_deadline_seconds", "30", () =>
      withProbeWorkers(1, async ([worker]) => {
        const sessionId = await upload(user.token, rows);
        await pollUntil(
          () =>
            withDatabase(async (sql) => {
              const held = await sql`
                select 1 from public.mailbox_probes where lease_owner = ${worker!.id} and status = 'running' limit 1
              `;
              return held.length > 0 ? true : undefined;
            }),
          () => `worker ${worker!.id} never held a probe`,
        );
        Deno.kill(worker!.pid, "SIGKILL");
        // Its heartbeat row would let later tests queue probes that no worker takes.
        await withDatabase((sql) => sql`select private.remove_probe_worker(${worker!.id})`);
        // Once every probe of the job is past its deadline, the sweep pg_cron runs each minute ends them; the test
        // runs it itself at that moment rather than wait for the next minute.
        await pollUntil(
          () =>
            withDatabase(async (sql) => {
              const [left] = await sql<{ count: number }[]>`
                select count(*)::int as count from public.mailbox_probes
                where email_key = any(${rows.map((row) => row.email)}) and deadline > now()
              `;
              return left!.count === 0 ? true : undefined;
            }),
          () => "the job's probes did not pass their deadline",
        );
        await withDatabase((sql) => sql`select private.expire_mailbox_probes()`);
        return { sessionId, session: await waitUntilCompleted(user.token, sessionId) };
      })
    );

    assert.deepEqual([done.session.processedEmails, done.session.mailboxPendingEmails], [40, 0]);
    const records = await downloaded(user.token, done.sessionId);
    const outcomes = new Set(records.map((record) => record.mailbox));
    assert.ok(outcomes.has("not_checked:expired"), [...outcomes].join(", "));
    for (const record of records) {
      assert.ok(["exists", "not_checked:expired"].includes(record.mailbox!), JSON.stringify(record));
      assert.equal(record.verdict, "deliverable", JSON.stringify(record));
    }
    assert.equal(done.session.validCount, 40);
  },
});
