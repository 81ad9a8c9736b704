// validate-bulk, job-status and results against the running stack: the 413 before any entry is looked at, the 400
// naming the entry, up to 50 addresses answered inline and a validation charged each, 51 becoming a job that the
// stack's worker completes, its status in every state, its results in pages and as CSV, an Idempotency-Key's replay
// without a second charge, another user's job not found, and the addresses counted in the key's call record.
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { BULK_RESULT_COLUMNS } from "../../../_shared/contracts/bulk-validation.ts";
import {
  bulkJobAcceptedSchema,
  integrationsErrorSchema,
  type JobResult,
  jobResultsPageSchema,
  type JobStatus,
  jobStatusSchema,
} from "../../../_shared/integrations/index.ts";
import { validationResultSchema } from "../../../_shared/validation/index.ts";
import { FIXTURE_VERDICTS, pollUntil, sessionsOf, startUpload, uploadAnswer } from "../../testing/bulk.ts";
import { grantCredits, ledgerUnits, useUpTrial } from "../../testing/credits.ts";
import { callIntegrations, keyUsage, newApiKey, type TestApiKey } from "../../testing/integrations.ts";
import { type Answer, gateway, signedInUser, withDatabase } from "../../testing/stack.ts";

interface KeyOwner {
  id: string;
  token: string;
  key: TestApiKey;
}

async function keyOwner(keyName = "Nightly import"): Promise<KeyOwner> {
  const user = await signedInUser();
  return { ...user, key: await newApiKey(user.id, { name: keyName }) };
}

function assertRefused(response: Answer, status: number, message: string, code: string) {
  assert.equal(response.status, status, response.text);
  const error = integrationsErrorSchema.parse(response.json);
  assert.deepEqual({ message: error.message, code: error.code }, { message, code });
  assert.equal(error.requestId, response.headers.get("x-request-id"));
}

function validateBulk(owner: KeyOwner, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return callIntegrations("/validate-bulk", owner.key.secret, { body, headers });
}

/** `count` addresses at the fixture zones: the nine with known verdicts first, then deliverable ones. */
function addresses(count: number, tag = ""): string[] {
  return Array.from({ length: count }, (_, n) =>
    n < FIXTURE_VERDICTS.length ? FIXTURE_VERDICTS[n]![0] : `person${n}${tag}@mailscout-demo.test`);
}

function accepted(response: Answer) {
  assert.equal(response.status, 202, response.text);
  return bulkJobAcceptedSchema.parse(response.json);
}

function statusOf(response: Answer): JobStatus {
  assert.equal(response.status, 200, response.text);
  return jobStatusSchema.parse(response.json);
}

async function waitForJob(owner: KeyOwner, jobId: string, status: JobStatus["status"]): Promise<JobStatus> {
  let last: JobStatus | undefined;
  return await pollUntil(async () => {
    last = statusOf(await callIntegrations(`/job-status?jobId=${jobId}`, owner.key.secret));
    return last.status === status ? last : undefined;
  }, () => `job ${jobId} did not become ${status}: ${JSON.stringify(last)}`);
}

/** A session of the owner's in `status`, as the database may hold it (a job is only running for a moment). */
async function sessionIn(owner: KeyOwner, status: string): Promise<string> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.bulk_validation_sessions (user_id, name, file_name, status, upload_complete, completed_at)
      values (${owner.id}, 'Arranged', 'arranged.csv', ${status}, true,
        ${status === "completed" || status === "failed" ? new Date() : null})
      returning id
    `;
    return row!.id;
  });
}

Deno.test("more than 1,000 entries is 413 before any entry is checked", async () => {
  const owner = await keyOwner();
  const emails = [...addresses(1_000), 42];
  assertRefused(await validateBulk(owner, { emails }), 413, "At most 1,000 emails per call", "integrations_bulk_too_many");
  assert.equal((await keyUsage(owner.key.id)).emails, 0);
});

Deno.test("an empty or malformed entry is 400 naming its index; so is a bad name, callbackUrl or Idempotency-Key", async () => {
  const owner = await keyOwner();
  const refusals: [unknown, string][] = [
    [{ emails: ["ann@example.com", ""] }, "emails.1: must not be empty"],
    [{ emails: ["ann@example.com", "bob@example.com", 7] }, "emails.2: must be an address or a row with an email"],
    [{ emails: [{ email: " " }] }, "emails.0.email: email must not be empty"],
    [{ emails: [] }, "emails: emails must hold at least one address"],
    [{ emails: "ann@example.com" }, "emails: emails must be a list"],
    [{ emails: ["ann@example.com"], name: "" }, "name: name must not be empty"],
    [{ emails: addresses(51), callbackUrl: "http://example.com/hook" }, "callbackUrl must use https"],
    [{ emails: addresses(51), callbackUrl: "https://user:pw@example.com/hook" },
      "callbackUrl must not contain a user name or password"],
    [{ emails: addresses(51), callbackUrl: "https://127.0.0.1/hook" }, "callbackUrl is a private address (loopback)"],
  ];
  for (const [body, message] of refusals) {
    const response = await validateBulk(owner, body);
    assert.equal(response.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${response.text}`);
    assert.equal(integrationsErrorSchema.parse(response.json).message, message);
  }
  const tooLong = await validateBulk(owner, { emails: addresses(51) }, { "Idempotency-Key": "k".repeat(256) });
  assert.equal(tooLong.status, 400, tooLong.text);
  assert.match(integrationsErrorSchema.parse(tooLong.json).message, /Idempotency-Key must be at most 255 characters/);
  assert.equal(await ledgerUnits(owner.id), 0, "nothing refused was charged");
  assert.deepEqual(await sessionsOf(owner.token), [], "and no job was started");
});

Deno.test("up to 50 addresses are answered inline, in the order sent, a validation charged and counted each", async () => {
  const owner = await keyOwner();
  const emails = addresses(50);
  const response = await validateBulk(owner, { emails: [emails[0], { email: emails[1], firstName: "Bob" }, ...emails.slice(2)] });
  assert.equal(response.status, 200, response.text);
  const { results } = response.json as { results: unknown[] };
  const parsed = results.map((result) => validationResultSchema.parse(result));
  assert.deepEqual(parsed.map((result) => result.email), emails);
  for (const [email, verdict] of FIXTURE_VERDICTS) {
    assert.equal(parsed.find((result) => result.email === email)?.verdict, verdict, email);
  }
  assert.equal(await ledgerUnits(owner.id, "validation"), 50);
  assert.equal((await keyUsage(owner.key.id)).emails, 50);
  assert.deepEqual(await sessionsOf(owner.token), [], "inline answers start no job");
});

Deno.test("51 addresses become a job on the bulk page under the key's name, which the worker completes", async () => {
  const owner = await keyOwner("CRM export");
  const emails = addresses(51);
  const job = accepted(await validateBulk(owner, { emails }));
  assert.equal(job.status, "queued");
  assert.equal(job.statusUrl.endsWith(`/api/integrations/job-status/${job.jobId}`), true, job.statusUrl);
  assert.match(job.statusUrl, /^https?:\/\//);
  assert.equal((await keyUsage(owner.key.id)).emails, 51);
  assert.equal(await ledgerUnits(owner.id, "bulk_row"), 51, "a unit per distinct address, as the bulk page charges");
  assert.equal(await ledgerUnits(owner.id, "validation"), 0);

  const [session] = await sessionsOf(owner.token);
  assert.deepEqual(
    { id: session?.id, name: session?.name, apiKeyName: session?.apiKeyName, totalEmails: session?.totalEmails },
    { id: job.jobId, name: "API: CRM export", apiKeyName: "CRM export", totalEmails: 51 },
  );

  const done = await waitForJob(owner, job.jobId, "completed");
  assert.deepEqual(done.counts, { deliverable: 44, risky: 3, undeliverable: 3, unknown: 1 });
  assert.deepEqual({ total: done.total, processed: done.processed }, { total: 51, processed: 51 });
  assert.notEqual(done.completedAt, null);
  assert.equal(done.resultsUrl, `${job.statusUrl.replace(/\/job-status\/.*$/, "")}/jobs/${job.jobId}/results`);
  assert.deepEqual(statusOf(await callIntegrations(`/job-status/${job.jobId}`, owner.key.secret)), done);
});

Deno.test("a job's results: pages in the order sent with each row's fields, and the bulk download's CSV", async () => {
  const owner = await keyOwner();
  const emails = addresses(51, "r");
  const rows = emails.map((email, n) => n === 3 ? { email, firstName: "Dana", company: "Acme" } : email);
  const job = accepted(await validateBulk(owner, { emails: rows, name: "Results test" }));
  const notYet = await callIntegrations(`/jobs/${job.jobId}/results`, owner.key.secret);
  if (notYet.status !== 200) assertRefused(notYet, 409, "The job has not finished yet", "job_not_finished");
  await waitForJob(owner, job.jobId, "completed");

  const results: JobResult[] = [];
  const cursors: (string | null)[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? "?limit=20" : `?limit=20&cursor=${encodeURIComponent(cursor)}`;
    const response = await callIntegrations(`/jobs/${job.jobId}/results${query}`, owner.key.secret);
    assert.equal(response.status, 200, response.text);
    const page = jobResultsPageSchema.parse(response.json);
    assert.equal(page.jobId, job.jobId);
    results.push(...page.results);
    cursor = page.nextCursor;
    cursors.push(cursor);
  } while (cursor !== null);
  assert.equal(cursors.length, 3, "20, 20 and 11");
  assert.deepEqual(results.map((result) => result.email), emails);
  assert.deepEqual(
    { verdict: results[0]!.verdict, firstName: results[0]!.firstName },
    { verdict: FIXTURE_VERDICTS[0]![1], firstName: null },
  );
  assert.deepEqual(
    { firstName: results[3]!.firstName, company: results[3]!.company, verdict: results[3]!.verdict },
    { firstName: "Dana", company: "Acme", verdict: FIXTURE_VERDICTS[3]![1] },
  );

  const csv = await fetch(`${gateway}/api/integrations/jobs/${job.jobId}/results?format=csv`, {
    headers: { authorization: `Bearer ${owner.key.secret}` },
  });
  assert.equal(csv.status, 200);
  assert.equal(csv.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.match(csv.headers.get("content-disposition") ?? "", /validated_api-.*\.csv/);
  const [header, ...records] = parse(await csv.text(), { bom: true }) as string[][];
  assert.deepEqual(header, ["email", "first_name", "last_name", "phone_number", "mobile_number", "job_title", "company",
    ...BULK_RESULT_COLUMNS]);
  assert.deepEqual(records.map((record) => record[0]), emails);

  for (const [query, message] of [["?cursor=bm90LW91cnM", "cursor must be a nextCursor from an earlier page"], [
    "?limit=0",
    "limit: limit must be 1 or more",
  ], ["?format=xml", "format: format must be json or csv"]]) {
    const response = await callIntegrations(`/jobs/${job.jobId}/results${query}`, owner.key.secret);
    assert.equal(response.status, 400, response.text);
    assert.equal(integrationsErrorSchema.parse(response.json).message, message);
  }
});

Deno.test("job-status in every state: queued (uploading or waiting), running, completed, failed (cancelled too)", async () => {
  const owner = await keyOwner();
  const uploading = uploadAnswer(await startUpload(owner.token, { emailsWithData: [{ email: "a@b.test" }], final: false }), 201);
  const cases: [string, JobStatus["status"]][] = [
    [uploading.sessionId, "queued"],
    [await sessionIn(owner, "queued"), "queued"],
    [await sessionIn(owner, "running"), "running"],
    [await sessionIn(owner, "completed"), "completed"],
    [await sessionIn(owner, "failed"), "failed"],
    [await sessionIn(owner, "cancelled"), "failed"],
  ];
  for (const [jobId, status] of cases) {
    const job = statusOf(await callIntegrations(`/job-status?jobId=${jobId}`, owner.key.secret));
    assert.equal(job.status, status, jobId);
    assert.equal(job.resultsUrl === null, status !== "completed", `resultsUrl of a ${status} job`);
    assert.deepEqual(job.counts, { deliverable: 0, risky: 0, undeliverable: 0, unknown: 0 });
  }
  // Results exist only for a completed job.
  assertRefused(
    await callIntegrations(`/jobs/${cases[2]![0]}/results`, owner.key.secret),
    409,
    "The job has not finished yet",
    "job_not_finished",
  );
  assertRefused(
    await callIntegrations(`/jobs/${cases[4]![0]}/results?format=csv`, owner.key.secret),
    409,
    "The job failed, so it has no results. Start it again to validate its addresses.",
    "job_not_finished",
  );
  const malformed = await callIntegrations("/job-status?jobId=42", owner.key.secret);
  assert.equal(malformed.status, 400, malformed.text);
  assert.equal(integrationsErrorSchema.parse(malformed.json).message, "jobId: jobId must be a job's id");
});

Deno.test("another user's job, and a job that never was, are not found", async () => {
  const owner = await keyOwner();
  const stranger = await keyOwner();
  const job = await sessionIn(owner, "completed");
  for (const jobId of [job, crypto.randomUUID()]) {
    for (const path of [`/job-status?jobId=${jobId}`, `/job-status/${jobId}`, `/jobs/${jobId}/results`,
      `/jobs/${jobId}/results?format=csv`]) {
      assertRefused(await callIntegrations(path, stranger.key.secret), 404, "Job not found", "job_not_found");
    }
  }
  assert.equal(statusOf(await callIntegrations(`/job-status/${job}`, owner.key.secret)).jobId, job);
});

Deno.test("an Idempotency-Key answers the same job for the same body without a second charge; another body is 409", async () => {
  const owner = await keyOwner();
  const body = { emails: addresses(60, "i"), name: "Idempotent" };
  const headers = { "Idempotency-Key": `import-${crypto.randomUUID()}` };
  const first = accepted(await validateBulk(owner, body, headers));
  const units = await ledgerUnits(owner.id);
  assert.equal(units, 60);

  const again = accepted(await validateBulk(owner, { name: "Idempotent", emails: body.emails }, headers));
  assert.equal(again.jobId, first.jobId);
  assert.equal(await ledgerUnits(owner.id), units, "no second charge");
  assert.equal((await sessionsOf(owner.token)).length, 1, "no second job");
  assert.equal((await keyUsage(owner.key.id)).emails, 60, "the replay validated nothing");

  assertRefused(
    await validateBulk(owner, { ...body, name: "Another" }, headers),
    409,
    "This Idempotency-Key was used with a different request within the last 24 hours",
    "idempotency_key_reused",
  );
  const other = accepted(await validateBulk(owner, body, { "Idempotency-Key": `import-${crypto.randomUUID()}` }));
  assert.notEqual(other.jobId, first.jobId, "another key is another job");
  assert.equal(await ledgerUnits(owner.id), units + 60);
});

Deno.test("without credits: inline is 402 and charges nothing; a job is 402 and leaves no job, and its key may be used again", async () => {
  const owner = await keyOwner();
  await useUpTrial(owner.id);
  const inline = await validateBulk(owner, { emails: addresses(10) });
  assertRefused(inline, 402, "You have no validations left. Buy credits or choose a plan to continue.", "insufficient_credits");
  assert.deepEqual(integrationsErrorSchema.parse(inline.json).details, { needsCredits: true, balance: 0 });

  const body = { emails: addresses(51, "c") };
  const headers = { "Idempotency-Key": `credits-${crypto.randomUUID()}` };
  const job = await validateBulk(owner, body, headers);
  assert.equal(job.status, 402, job.text);
  assert.equal(integrationsErrorSchema.parse(job.json).code, "insufficient_credits");
  assert.deepEqual(await sessionsOf(owner.token), [], "the refused job's session is gone");
  assert.equal(await ledgerUnits(owner.id), 0);
  assert.equal((await keyUsage(owner.key.id)).emails, 0, "a refused call validated nothing");

  await grantCredits(owner.id, 51);
  const retried = accepted(await validateBulk(owner, body, headers));
  assert.deepEqual((await sessionsOf(owner.token)).map((session) => session.id), [retried.jobId]);
  assert.equal(await ledgerUnits(owner.id, "bulk_row"), 51);
});

Deno.test("a fourth job while three wait or run is 429, as on the bulk page", async () => {
  const owner = await keyOwner();
  for (let n = 0; n < 3; n++) await sessionIn(owner, "queued");
  assertRefused(
    await validateBulk(owner, { emails: addresses(51) }, { "Idempotency-Key": "fourth" }),
    429,
    "You already have 3 bulk validations waiting or running. Please wait until one finishes (or delete one) and try again.",
    "bulk_too_many_jobs",
  );
  assert.equal((await sessionsOf(owner.token)).length, 3);
  await withDatabase((sql) => sql`update public.bulk_validation_sessions set status = 'completed' where user_id = ${owner.id}`);
  accepted(await validateBulk(owner, { emails: addresses(51) }, { "Idempotency-Key": "fourth" }));
});
