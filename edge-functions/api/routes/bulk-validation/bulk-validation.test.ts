// /api/bulk-validation against the running stack: every status each route answers, uploads in one call and in parts
// that complete with one verdict per row, duplicates validated once, the download's columns, byte order mark and
// neutralised cells, and deleting as the way to cancel. Jobs run on the stack's own worker, kicked by the api.
import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { needsCreditsSchema } from "../../../_shared/contracts/billing.ts";
import { BULK_FILE_MAX_BYTES, BULK_RESULT_COLUMNS, fileBytesOf } from "../../../_shared/contracts/bulk-validation.ts";
import {
  download,
  FIXTURE_VERDICTS,
  type Row,
  sendPart,
  sessionsOf,
  startUpload,
  upload,
  uploadAnswer,
  waitForSession,
  waitUntilCompleted,
} from "../../testing/bulk.ts";
import { grantCredits, ledgerUnits, useUpTrial } from "../../testing/credits.ts";
import { assertError, call, signedInUser, withDatabase } from "../../testing/stack.ts";

const SOME_ID = "7d1e6a52-3b0c-4d8e-9f6a-2c4b8e1d5a90";

function parseCsv(text: string): string[][] {
  return parse(text);
}

/** The download's records by the value of a column. */
function recordsBy(text: string, column: string): Map<string, Record<string, string>> {
  const [header, ...records] = parseCsv(text);
  const index = header!.indexOf(column);
  return new Map(records.map((record) => [record[index]!, Object.fromEntries(header!.map((name, i) => [name, record[i]!]))]));
}

Deno.test("every bulk validation route answers 401 without a signed-in user", async () => {
  for (
    const [method, path, body] of [
      ["POST", "/api/bulk-validation/start-enhanced", { emailsWithData: [{ email: "a@b.test" }], sessionName: "x", fileName: "x.csv" }],
      ["POST", `/api/bulk-validation/sessions/${SOME_ID}/parts`, { part: 1, emailsWithData: [] }],
      ["GET", "/api/bulk-validation/sessions", undefined],
      ["DELETE", `/api/bulk-validation/sessions/${SOME_ID}`, undefined],
      ["GET", `/api/bulk-validation/sessions/${SOME_ID}/download`, undefined],
    ] as const
  ) {
    assertError(await call(path, { method, body }), 401, "Not authenticated");
    assertError(await call(path, { method, body, token: "not-a-token" }), 401, "Not authenticated");
  }
});

Deno.test("a body the contract refuses is 400 naming the field and rule", async () => {
  const { token } = await signedInUser();
  assertError(await startUpload(token, { emailsWithData: [{ email: "a@b.test" }], sessionName: " " }), 400, "sessionName: Session name is required");
  assertError(await startUpload(token, { emailsWithData: "a@b.test" }), 400, "emailsWithData: emailsWithData must be a list of rows");
  assertError(
    await startUpload(token, { emailsWithData: Array.from({ length: 5_001 }, (_, n) => ({ email: `a${n}@b.test` })) }),
    400,
    "emailsWithData: emailsWithData may hold at most 5000 rows per call",
  );
  assertError(await startUpload(token, { emailsWithData: [{ email: 7 }] }), 400, "emailsWithData.0.email: email must be text");
  assertError(
    await call("/api/bulk-validation/start-enhanced", { token, rawBody: "{not json" }),
    400,
    "Request body must be JSON",
  );
  const opened = uploadAnswer(await startUpload(token, { emailsWithData: [{ email: "a@b.test" }], final: false }), 201);
  assertError(await sendPart(token, opened.sessionId, { part: 0, emailsWithData: [] }), 400, "part: part must be 1 or more");
  assertError(await sendPart(token, opened.sessionId, { emailsWithData: [] }), 400, "part: part must be a number");
  assertError(
    await sendPart(token, opened.sessionId, { part: 2 ** 31, emailsWithData: [] }),
    400,
    "part: part must be at most 1000000",
  );
});

Deno.test("a file without a single address is 400 and leaves no session", async () => {
  const { token } = await signedInUser();
  assertError(
    await startUpload(token, { emailsWithData: [{ email: "nobody" }, { email: "" }, { email: "  " }] }),
    400,
    "The file has no rows with an email address (an address contains @).",
  );
  // A file sent in parts finds out at its final part.
  const opened = uploadAnswer(await startUpload(token, { emailsWithData: [{ email: "nobody" }], final: false }), 201);
  assert.deepEqual([opened.acceptedRows, opened.skippedRows], [0, 1]);
  assertError(
    await sendPart(token, opened.sessionId, { part: 1, emailsWithData: [{ email: "still nobody" }], final: true }),
    400,
    "The file has no rows with an email address (an address contains @).",
  );
  assert.deepEqual((await sessionsOf(token)).map((session) => [session.id, session.uploadComplete]), [[opened.sessionId, false]]);
});

const TOO_LARGE = "A file may hold at most 100,000 addresses and 50 MB.";

Deno.test("413 for a file announced over 100,000 rows, and for a part's body over 5 MB; no session is left", async () => {
  const { token } = await signedInUser();
  assertError(await startUpload(token, { emailsWithData: [{ email: "a@b.test" }], totalRows: 100_001 }), 413, TOO_LARGE);
  const cells = Array.from({ length: 100 }, () => "x".repeat(1_000));
  const huge = { sessionName: "Huge", fileName: "huge.csv", emailsWithData: Array.from({ length: 60 }, () => ({ email: "a@b.test", cells })) };
  assertError(
    await call("/api/bulk-validation/start-enhanced", { token, body: huge }),
    413,
    "Request body too large: at most 5 MB.",
  );
  assert.deepEqual(await sessionsOf(token), []);
});

Deno.test("413 once a file's parts add up past 100,000 rows", async () => {
  const { token } = await signedInUser();
  const part = (n: number) => Array.from({ length: 5_000 }, (_, i) => ({ email: `p${n}r${i}@b.test` }));
  const opened = uploadAnswer(await startUpload(token, { emailsWithData: part(0), final: false }), 201);
  for (let n = 1; n < 20; n++) uploadAnswer(await sendPart(token, opened.sessionId, { part: n, emailsWithData: part(n) }));
  assertError(await sendPart(token, opened.sessionId, { part: 20, emailsWithData: [{ email: "one@more.test" }] }), 413, TOO_LARGE);
  const [session] = await sessionsOf(token);
  assert.equal(session?.totalEmails, 100_000);
  assert.equal((await call(`/api/bulk-validation/sessions/${opened.sessionId}`, { method: "DELETE", token })).status, 204);
});

Deno.test("413 once a file's parts add up past 50 MB", async () => {
  const { token } = await signedInUser();
  // About 4.5 MB a part, within a part's 5 MB: the twelfth passes 50 MB.
  const cells = Array.from({ length: 100 }, () => "y".repeat(1_000));
  const rows = Array.from({ length: 45 }, (_, i) => ({ email: `r${i}@b.test`, cells }));
  const first = { sessionName: "Big", fileName: "big.csv", emailsWithData: rows, final: false };
  const opened = uploadAnswer(await call("/api/bulk-validation/start-enhanced", { token, body: first }), 201);
  // The file's bytes count, not the JSON's: each row weighs its cells as a CSV line.
  let sent = fileBytesOf(rows);
  for (let part = 1; ; part++) {
    const body = { part, emailsWithData: rows };
    sent += fileBytesOf(rows);
    const answer = await call(`/api/bulk-validation/sessions/${opened.sessionId}/parts`, { token, body });
    if (sent <= BULK_FILE_MAX_BYTES) {
      uploadAnswer(answer);
      continue;
    }
    assertError(answer, 413, TOO_LARGE);
    assert.equal(part, 11);
    break;
  }
  assert.equal((await call(`/api/bulk-validation/sessions/${opened.sessionId}`, { method: "DELETE", token })).status, 204);
});

Deno.test("429 with a clear message past 3 jobs waiting or running; deleting one makes room", async () => {
  const { token } = await signedInUser();
  const ids = [];
  for (let n = 0; n < 3; n++) {
    ids.push(uploadAnswer(await startUpload(token, { emailsWithData: [{ email: `a${n}@b.test` }], final: false }), 201).sessionId);
  }
  assertError(
    await startUpload(token, { emailsWithData: [{ email: "d@b.test" }] }),
    429,
    "You already have 3 bulk validations waiting or running. Please wait until one finishes (or delete one) and try again.",
  );
  assert.equal((await call(`/api/bulk-validation/sessions/${ids[0]}`, { method: "DELETE", token })).status, 204);
  uploadAnswer(await startUpload(token, { emailsWithData: [{ email: "d@b.test" }], final: false }), 201);
});

Deno.test("another user's session, an unknown id and a malformed one are 404 on every route that names one", async () => {
  const owner = await signedInUser();
  const stranger = await signedInUser();
  const sessionId = await upload(owner.token, [{ email: "ann@mailscout-demo.test" }]);
  await waitUntilCompleted(owner.token, sessionId);
  for (const id of [sessionId, SOME_ID, "not-a-uuid", `${sessionId}x`]) {
    const notFound = "Validation session not found";
    assertError(await sendPart(stranger.token, id, { part: 1, emailsWithData: [{ email: "x@b.test" }] }), 404, notFound);
    assertError(await call(`/api/bulk-validation/sessions/${id}`, { method: "DELETE", token: stranger.token }), 404, notFound);
    const refused = await download(stranger.token, id);
    assert.equal(refused.status, 404, refused.text);
    assert.deepEqual(JSON.parse(refused.text), { message: notFound });
  }
  assert.deepEqual(await sessionsOf(stranger.token), []);
  assert.equal((await sessionsOf(owner.token)).length, 1, "the stranger's delete left the owner's session alone");
});

Deno.test("409 for a part out of order, a part after the final one, and a download before completion", async () => {
  const { token } = await signedInUser();
  const opened = uploadAnswer(await startUpload(token, { emailsWithData: [{ email: "ann@mailscout-demo.test" }], final: false }), 201);
  assertError(
    await sendPart(token, opened.sessionId, { part: 2, emailsWithData: [{ email: "bob@gmail.com" }] }),
    409,
    "Part 1 is expected next, not part 2.",
  );
  const early = await download(token, opened.sessionId);
  assert.equal(early.status, 409, early.text);
  assert.deepEqual(JSON.parse(early.text), { message: "The results can be downloaded once the validation has completed." });

  const first = uploadAnswer(await sendPart(token, opened.sessionId, { part: 1, emailsWithData: [{ email: "bob@gmail.com" }] }));
  // The same part again (a retry after a lost answer) is answered as before and adds nothing.
  const again = uploadAnswer(await sendPart(token, opened.sessionId, { part: 1, emailsWithData: [{ email: "bob@gmail.com" }] }));
  assert.deepEqual(again, first);
  assert.equal(again.totalEmails, 2);
  const last = uploadAnswer(await sendPart(token, opened.sessionId, { part: 2, emailsWithData: [{ email: "eve@null-mx.test" }], final: true }));
  assert.deepEqual([last.totalEmails, last.uploadComplete], [3, true]);
  assertError(
    await sendPart(token, opened.sessionId, { part: 3, emailsWithData: [{ email: "late@gmail.com" }] }),
    409,
    "This upload is already complete: its validation has started.",
  );
  await waitUntilCompleted(token, opened.sessionId);
});

Deno.test("one call with the whole file: answered at once, completed with one verdict per row and counters equal to rows", async () => {
  const { id: userId, token } = await signedInUser();
  const rows: Row[] = [...FIXTURE_VERDICTS.map(([email]) => ({ email })), { email: "no address" }];
  const response = await startUpload(token, { emailsWithData: rows, sessionName: "Fixtures", fileName: "fixtures.csv" });
  const answer = uploadAnswer(response, 201);
  assert.equal(answer.jobId, answer.sessionId);
  assert.deepEqual(
    { ...answer, jobId: "", sessionId: "" },
    { jobId: "", sessionId: "", part: 0, acceptedRows: 9, skippedRows: 1, totalEmails: 9, uploadComplete: true, status: "queued" },
  );

  const done = await waitUntilCompleted(token, answer.sessionId);
  assert.deepEqual(
    [done.name, done.fileName, done.totalEmails, done.skippedRows, done.processedEmails, done.validCount, done.invalidCount,
      done.warningCount],
    ["Fixtures", "fixtures.csv", 9, 1, 9, 2, 3, 4],
  );
  assert.ok(done.completedAt && done.expiresAt);
  assert.equal(new Date(done.expiresAt).getTime() - new Date(done.completedAt).getTime(), 30 * 24 * 3600 * 1000);

  const file = await download(token, answer.sessionId);
  assert.equal(file.status, 200, file.text);
  const byEmail = recordsBy(file.text, "email");
  assert.deepEqual([...byEmail.keys()].sort(), FIXTURE_VERDICTS.map(([email]) => email).sort());
  for (const [email, verdict] of FIXTURE_VERDICTS) assert.equal(byEmail.get(email)?.verdict, verdict, email);

  // The job's usage: one validation log for the session, with its counts.
  const logs = await withDatabase((sql) => sql`
    select validation_type, emails_processed, valid_emails, invalid_emails, warning_emails
    from public.validation_logs where user_id = ${userId} and session_id = ${answer.sessionId}
  `);
  assert.deepEqual(logs.map((log) => ({ ...log })), [
    { validation_type: "bulk", emails_processed: 9, valid_emails: 2, invalid_emails: 3, warning_emails: 4 },
  ]);
});

Deno.test("a file in parts with duplicates: each address validated once and reported on every row that has it", async () => {
  const { token } = await signedInUser();
  const rows: Row[] = [
    { email: "Ann@MailScout-Demo.test", cells: ["1"] },
    { email: "eve@null-mx.test", cells: ["2"] },
    { email: "ann@mailscout-demo.test", cells: ["3"] },
    { email: "bob@gmail.com", cells: ["4"] },
    { email: " ANN@mailscout-demo.TEST ", cells: ["5"] },
    { email: "eve@null-mx.test", cells: ["6"] },
    { email: "dora@mailinator.com", cells: ["7"] },
  ];
  const sessionId = await upload(token, rows, { partRows: 3, columns: ["n"] });
  const done = await waitUntilCompleted(token, sessionId);
  assert.deepEqual([done.totalEmails, done.processedEmails, done.validCount, done.invalidCount, done.warningCount], [7, 7, 4, 2, 1]);

  const items = await withDatabase((sql) => sql<{ email_key: string; row_count: number }[]>`
    select email_key, row_count from public.bulk_validation_items where session_id = ${sessionId} order by email_key
  `);
  assert.deepEqual(items.map((item) => [item.email_key, item.row_count]), [
    ["ann@mailscout-demo.test", 3],
    ["bob@gmail.com", 1],
    ["dora@mailinator.com", 1],
    ["eve@null-mx.test", 2],
  ]);
  const file = await download(token, sessionId);
  const byRow = recordsBy(file.text, "n");
  assert.deepEqual(
    ["1", "2", "3", "4", "5", "6", "7"].map((n) => byRow.get(n)?.verdict),
    ["deliverable", "undeliverable", "deliverable", "deliverable", "deliverable", "undeliverable", "risky"],
  );
});

Deno.test("the download: UTF-8 with a byte order mark, the uploaded columns then the verdict columns, formulas neutralised", async () => {
  const { token } = await signedInUser();
  const columns = ["Name", "E-mail", "Note"];
  const rows: Row[] = [
    { email: "ann@mailscout-demo.test", firstName: "Ann", cells: ["=HYPERLINK(\"http://evil.test\",\"x\")", "ann@mailscout-demo.test", "+1 555"] },
    { email: "bob@gmail.com", cells: ["-2+3", "bob@gmail.com", "@SUM(A1)"] },
    { email: "eve@null-mx.test", cells: ["Ève, \"the\" one", "eve@null-mx.test", "two\nlines"] },
    { email: "fay@no-such-domain.test", cells: ["\tTab", "fay@no-such-domain.test"] },
  ];
  const sessionId = await upload(token, rows, { columns, fileName: "Liste août.csv" });
  await waitUntilCompleted(token, sessionId);

  const file = await download(token, sessionId);
  assert.equal(file.status, 200, file.text);
  assert.equal(file.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.equal(file.headers.get("cache-control"), "private, no-store");
  const disposition = file.headers.get("content-disposition") ?? "";
  assert.match(disposition, /^attachment; filename="validated_Liste ao\?t\.csv"; filename\*=UTF-8''/);
  assert.equal(decodeURIComponent(disposition.split("filename*=UTF-8''")[1]!), "validated_Liste août.csv");
  assert.deepEqual([...file.bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "the file starts with UTF-8's byte order mark");
  assert.ok(file.text.includes("\r\n"), "records end in CRLF");

  const [header, ...records] = parseCsv(file.text);
  assert.deepEqual(header, [...columns, ...BULK_RESULT_COLUMNS]);
  assert.equal(records.length, 4);
  assert.deepEqual(records.map((record) => record.slice(0, 3)), [
    ["'=HYPERLINK(\"http://evil.test\",\"x\")", "ann@mailscout-demo.test", "'+1 555"],
    ["'-2+3", "bob@gmail.com", "'@SUM(A1)"],
    ["Ève, \"the\" one", "eve@null-mx.test", "two\nlines"],
    ["'\tTab", "fay@no-such-domain.test", ""],
  ]);
  const verdicts = Object.fromEntries(BULK_RESULT_COLUMNS.map((column, i) => [column, records[1]![3 + i]]));
  assert.deepEqual(verdicts, {
    valid: "true",
    verdict: "deliverable",
    reasons: "free_provider",
    mx: "true",
    disposable: "false",
    role: "false",
    free: "true",
    suggestion: "",
    risk_score: verdicts.risk_score,
    deliverability_score: verdicts.deliverability_score,
    // The test stack runs no probe worker: the mailbox is not checked, and says why.
    mailbox: "not_checked:no_worker",
    smtp_connectable: "",
    smtp_deliverable: "",
    catch_all: "",
    catch_all_confidence: "",
  });
  assert.match(verdicts.risk_score!, /^\d+$/);
  assert.match(verdicts.deliverability_score!, /^\d+$/);
  assert.deepEqual([records[2]![4], records[2]![5]], ["undeliverable", "null_mx"]);
});

Deno.test("a file without a header is downloaded with its columns named by position", async () => {
  const { token } = await signedInUser();
  const sessionId = await upload(token, [{ email: "ann@mailscout-demo.test", cells: ["ann@mailscout-demo.test", "Ann"] }]);
  await waitUntilCompleted(token, sessionId);
  const [header] = parseCsv((await download(token, sessionId)).text);
  assert.deepEqual(header, ["column_1", "column_2", ...BULK_RESULT_COLUMNS]);
});

Deno.test("the session list is the user's own, newest first, with counts and status", async () => {
  const owner = await signedInUser();
  const other = await signedInUser();
  const older = uploadAnswer(await startUpload(owner.token, { emailsWithData: [{ email: "a@b.test" }], sessionName: "Older", final: false }), 201);
  const newer = uploadAnswer(await startUpload(owner.token, { emailsWithData: [{ email: "a@b.test" }], sessionName: "Newer", final: false }), 201);
  uploadAnswer(await startUpload(other.token, { emailsWithData: [{ email: "a@b.test" }], final: false }), 201);
  const sessions = await sessionsOf(owner.token);
  assert.deepEqual(sessions.map((session) => [session.id, session.name]), [[newer.sessionId, "Newer"], [older.sessionId, "Older"]]);
  assert.deepEqual(
    { ...sessions[0]!, id: "", createdAt: "" },
    {
      id: "",
      name: "Newer",
      fileName: "list.csv",
      createdAt: "",
      status: "queued",
      uploadComplete: false,
      totalEmails: 1,
      skippedRows: 0,
      processedEmails: 0,
      validCount: 0,
      invalidCount: 0,
      warningCount: 0,
      mailboxPendingEmails: 0,
      startedAt: null,
      completedAt: null,
      expiresAt: null,
      error: null,
      apiKeyName: null,
    },
  );
});

Deno.test("deleting a running job cancels it: the session, its rows and its work are gone, and the next job runs", async () => {
  const { token } = await signedInUser();
  // timeout.test never answers: the chunk takes the whole DNS budget, so the job is surely running when deleted.
  const rows = Array.from({ length: 50 }, (_, n) => ({ email: `slow${n}@timeout.test` }));
  const sessionId = await upload(token, rows);
  await waitForSession(token, sessionId, (session) => session.status === "running", "running");
  assert.equal((await call(`/api/bulk-validation/sessions/${sessionId}`, { method: "DELETE", token })).status, 204);

  assert.deepEqual(await sessionsOf(token), []);
  const left = await withDatabase((sql) => sql`
    select (select count(*) from public.bulk_validation_rows where session_id = ${sessionId})::int as rows,
      (select count(*) from public.bulk_validation_items where session_id = ${sessionId})::int as items,
      (select count(*) from public.bulk_validation_chunks where session_id = ${sessionId})::int as chunks
  `);
  assert.deepEqual({ ...left[0] }, { rows: 0, items: 0, chunks: 0 });
  assertError(await call(`/api/bulk-validation/sessions/${sessionId}`, { method: "DELETE", token }), 404, "Validation session not found");

  const next = await upload(token, [{ email: "ann@mailscout-demo.test" }]);
  assert.equal((await waitUntilCompleted(token, next)).validCount, 1);
});

// Metering ----------------------------------------------------------------------------------------------------------

Deno.test("a file's final part is refused with 402 when its addresses pass the balance; sent again after a grant, it starts", async () => {
  const user = await signedInUser();
  await useUpTrial(user.id);
  await grantCredits(user.id, 2);
  const opened = uploadAnswer(
    await startUpload(user.token, {
      emailsWithData: [{ email: "ann@mailscout-demo.test" }, { email: "bob@gmail.com" }],
      final: false,
    }),
    201,
  );
  const finalPart = { part: 1, emailsWithData: [{ email: "carl@implicit-mx.test" }], final: true };
  const refused = await sendPart(user.token, opened.sessionId, finalPart);
  assert.equal(refused.status, 402, refused.text);
  assert.deepEqual(refused.json, {
    message: "This file has more addresses than you have validations left (2). Buy credits or choose a plan to continue.",
    needsCredits: true,
    balance: 2,
  });
  assert.equal(await ledgerUnits(user.id), 0, "nothing was charged");

  await grantCredits(user.id, 1);
  assert.equal(uploadAnswer(await sendPart(user.token, opened.sessionId, finalPart)).uploadComplete, true);
  assert.equal(await ledgerUnits(user.id, "bulk_row"), 3, "one unit per address, from the grants");
});

Deno.test("a one-call file past the balance is refused with 402 and leaves no session behind", async () => {
  const user = await signedInUser();
  await useUpTrial(user.id);
  const refused = await startUpload(user.token, { emailsWithData: [{ email: "ann@mailscout-demo.test" }], final: true });
  assert.equal(refused.status, 402, refused.text);
  assert.deepEqual(needsCreditsSchema.parse(refused.json).balance, 0);
  assert.deepEqual(await sessionsOf(user.token), []);
});
