// Zoho CRM sync against the running stack and devstack's fake Zoho: the consent round trip and its refusals, the token
// store's refresh (once, however many callers find the token expired) and Zoho's refusal of it, syncs inline and as a
// background run through a 429 and a bad record, the run's report, and who may see what. The fake is one CRM for the
// whole stack, so each test reads what it changed as a difference, or starts it over.
import assert from "node:assert/strict";
import {
  bulkSyncInlineResultSchema,
  bulkSyncStartedSchema,
  crmConnectionSchema,
  syncCandidatesPageSchema,
  syncContactResultSchema,
  syncRunSchema,
  syncStatsSchema,
  testConnectionSchema,
  ZOHO_INVALID_TAG,
} from "../../../_shared/contracts/crm.ts";
import { createApp } from "../../app.ts";
import { downloadFrom, runWorker } from "../../testing/bulk.ts";
import { consentAs, connectZoho, CRM_WORKER_URL, followCallback, savedContacts, waitForRun, zoho } from "../../testing/crm.ts";
import { assertError, call, signedInAdmin, signedInUser, withDatabase } from "../../testing/stack.ts";

const NOT_CONNECTED = "Zoho CRM is not connected: connect it first";

async function integrationRow(userId: string) {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ status: string; token_version: number }[]>`
      select status, token_version from public.crm_integrations where user_id = ${userId}
    `;
    return row;
  });
}

// Not configured -----------------------------------------------------------------------------------------------------

Deno.test("without ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET: test-connection says so (200), connect is refused (409)", async () => {
  // The stack's functions have the fake's client; an app built in-process without the two settings shows the rest.
  const saved = Object.fromEntries(["ZOHO_CLIENT_ID", "ZOHO_CLIENT_SECRET"].map((name) => [name, Deno.env.get(name)]));
  for (const name of Object.keys(saved)) Deno.env.delete(name);
  let app;
  try {
    app = createApp();
  } finally {
    for (const [name, value] of Object.entries(saved)) if (value !== undefined) Deno.env.set(name, value);
  }
  const user = await signedInUser();
  const send = (path: string, method = "GET") =>
    app.fetch(new Request(`http://api.invalid${path}`, {
      method,
      headers: { authorization: `Bearer ${user.token}`, "x-forwarded-for": "127.0.0.1", "content-type": "application/json" },
      body: method === "POST" ? "{}" : undefined,
    }));
  const message = "Zoho CRM is not configured: set ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET in the functions' environment";
  const tested = await send("/api/crm/zoho/test-connection");
  assert.equal(tested.status, 200);
  assert.deepEqual(testConnectionSchema.parse(await tested.json()), { success: false, configured: false, message });
  const connect = await send("/api/crm/zoho/connect", "POST");
  assert.equal(connect.status, 409);
  assert.deepEqual(await connect.json(), { message });
  const connection = await send("/api/crm/zoho");
  assert.equal(crmConnectionSchema.parse(await connection.json()).configured, false);
  const sync = await send("/api/crm/zoho/bulk-sync", "POST");
  assert.equal(sync.status, 400, "the body is checked first");
  await sync.body?.cancel();
});

// Not connected, bad input -------------------------------------------------------------------------------------------

Deno.test("a user without a connection: not_connected, and test-connection and syncs answer 409", async () => {
  assertError(await call("/api/crm/zoho"), 401, "Not authenticated");
  const user = await signedInUser();
  assert.deepEqual(crmConnectionSchema.parse((await call("/api/crm/zoho", { token: user.token })).json), {
    status: "not_connected",
    configured: true,
    orgId: null,
    accountsHost: null,
    apiHost: null,
    connectedAt: null,
    lastSyncAt: null,
  });
  const { ids } = await savedContacts(user.id, 1);
  assertError(await call("/api/crm/zoho/test-connection", { token: user.token }), 409, NOT_CONNECTED);
  assertError(await call(`/api/crm/zoho/sync-contact/${ids[0]}`, { token: user.token, body: {} }), 409, NOT_CONNECTED);
  assertError(await call("/api/crm/zoho/bulk-sync", { token: user.token, body: { contactIds: ids } }), 409, NOT_CONNECTED);
  // Disconnecting what is not there is done already.
  assert.equal((await call("/api/crm/zoho", { token: user.token, method: "DELETE" })).status, 204);
});

Deno.test("bodies and queries are refused with a 400 naming the field", async () => {
  const user = await signedInUser();
  const { token } = user;
  assertError(await call("/api/crm/zoho/bulk-sync", { token, body: { contactIds: [] } }), 400, "contactIds: No contacts selected");
  assertError(await call("/api/crm/zoho/bulk-sync", { token, body: {} }), 400, "contactIds: Send contactIds or a filter, not both");
  assertError(
    await call("/api/crm/zoho/bulk-sync", { token, body: { contactIds: [1], filter: "all" } }),
    400,
    "contactIds: Send contactIds or a filter, not both",
  );
  assertError(
    await call("/api/crm/zoho/bulk-sync", { token, body: { filter: "all", tagInvalidEmails: "yes" } }),
    400,
    "tagInvalidEmails: tagInvalidEmails must be true or false",
  );
  assertError(
    await call("/api/crm/zoho/connect", { token, body: { returnTo: "//evil.example/path" } }),
    400,
    "returnTo: returnTo must be a path on this site, starting with a single /",
  );
  assertError(await call("/api/crm/zoho/sync-candidates?pageSize=500", { token }), 400, "pageSize: pageSize must be at most 200");
  assertError(await call("/api/crm/zoho/sync-runs?limit=0", { token }), 400, "limit: limit must be 1 or more");
  const far = await call(`/api/crm/zoho/sync-candidates?page=${Number.MAX_SAFE_INTEGER}`, { token });
  assert.equal(far.status, 200, far.text);
  assert.deepEqual(syncCandidatesPageSchema.parse(far.json).contacts, []);
  assertError(await call("/api/crm/zoho/sync-runs/not-a-uuid", { token }), 404, "Sync run not found");
});

// Consent ------------------------------------------------------------------------------------------------------------

Deno.test("connect → Zoho's consent → callback: connected, with the organisation; the state works once", async () => {
  const user = await signedInUser();
  const connect = await call("/api/crm/zoho/connect", { token: user.token, body: { returnTo: "/admin/zoho-sync" } });
  assert.equal(connect.status, 200, connect.text);
  const back = await zoho.consent((connect.json as { url: string }).url, "accept");
  const landed = await followCallback(back);
  assert.equal(`${landed.pathname}${landed.search}`, "/admin/zoho-sync?zoho=connected");
  const connection = crmConnectionSchema.parse((await call("/api/crm/zoho", { token: user.token })).json);
  assert.equal(connection.status, "connected");
  assert.ok(connection.orgId, "the organisation is read after consent");
  assert.ok(connection.connectedAt);
  // The same redirect again (a replay, a reload): the state is used up.
  const replay = await followCallback(back);
  assert.deepEqual([replay.searchParams.get("zoho"), replay.searchParams.get("reason")], ["error", "invalid_state"]);
  const tested = testConnectionSchema.parse((await call("/api/crm/zoho/test-connection", { token: user.token })).json);
  assert.equal(tested.success, true, tested.message);
  assert.ok(tested.orgName);
});

Deno.test("the callback refuses a denied consent, an expired state, an unknown state and an untrusted accounts server", async () => {
  const user = await signedInUser();
  const denied = await consentAs(user.token, "deny");
  assert.deepEqual([denied.pathname, denied.searchParams.get("reason")], ["/account/integrations", "denied"]);

  const connect = await call("/api/crm/zoho/connect", { token: user.token, body: {} });
  const back = new URL(await zoho.consent((connect.json as { url: string }).url, "accept"));
  await withDatabase((sql) =>
    sql`
      update public.crm_oauth_states set created_at = now() - interval '11 minutes', expires_at = now() - interval '1 minute'
      where user_id = ${user.id} and used_at is null
    `
  );
  assert.equal((await followCallback(back.toString())).searchParams.get("reason"), "expired_state");

  const unknown = new URL(back);
  unknown.searchParams.set("state", "not-a-state-we-made");
  assert.equal((await followCallback(unknown.toString())).searchParams.get("reason"), "invalid_state");

  const again = await call("/api/crm/zoho/connect", { token: user.token, body: {} });
  const forged = new URL(await zoho.consent((again.json as { url: string }).url, "accept"));
  forged.searchParams.set("accounts-server", "https://accounts.evil.example");
  assert.equal((await followCallback(forged.toString())).searchParams.get("reason"), "untrusted_host");
  assert.equal(crmConnectionSchema.parse((await call("/api/crm/zoho", { token: user.token })).json).status, "not_connected");
});

// Tokens -------------------------------------------------------------------------------------------------------------

Deno.test("an access token Zoho no longer takes is refreshed once, however many calls find it rejected", async () => {
  const user = await signedInUser();
  await connectZoho(user.token);
  const before = await integrationRow(user.id);
  const refreshes = (await zoho.calls()).refresh;
  await zoho.expireAccessTokens();
  const answers = await Promise.all(
    Array.from({ length: 3 }, () => call("/api/crm/zoho/test-connection", { token: user.token })),
  );
  for (const answer of answers) assert.equal(testConnectionSchema.parse(answer.json).success, true, answer.text);
  assert.equal((await zoho.calls()).refresh - refreshes, 1, "one refresh for the three calls");
  assert.equal((await integrationRow(user.id))!.token_version, before!.token_version + 1);
});

Deno.test("Zoho refusing the refresh token marks the connection needs_reconnect; syncs then answer 409", async () => {
  const user = await signedInUser();
  await connectZoho(user.token);
  const { ids } = await savedContacts(user.id, 1);
  await zoho.revokeRefreshTokens();
  await zoho.expireAccessTokens();
  const tested = testConnectionSchema.parse((await call("/api/crm/zoho/test-connection", { token: user.token })).json);
  assert.deepEqual(tested, {
    success: false,
    configured: true,
    message: "Zoho refused the connection: reconnect to Zoho CRM",
  });
  assert.equal(crmConnectionSchema.parse((await call("/api/crm/zoho", { token: user.token })).json).status, "needs_reconnect");
  assertError(
    await call(`/api/crm/zoho/sync-contact/${ids[0]}`, { token: user.token, body: {} }),
    409,
    "Zoho refused the connection: reconnect to Zoho CRM",
  );
  // A new consent mends it.
  await connectZoho(user.token);
  const synced = await call(`/api/crm/zoho/sync-contact/${ids[0]}`, { token: user.token, body: {} });
  assert.equal(synced.status, 200, synced.text);
});

// Syncing ------------------------------------------------------------------------------------------------------------

Deno.test("a single sync creates the contact in Zoho; another user's or an unknown contact is not found", async () => {
  const user = await signedInUser();
  const other = await signedInUser();
  await connectZoho(user.token);
  const { ids, emails } = await savedContacts(user.id, 1);
  const theirs = await savedContacts(other.id, 1);
  const synced = syncContactResultSchema.parse(
    (await call(`/api/crm/zoho/sync-contact/${ids[0]}`, { token: user.token, body: { tagInvalidEmails: true } })).json,
  );
  assert.equal(synced.outcome, "created");
  assert.ok(synced.zohoId);
  const stored = (await zoho.contacts()).find((contact) => contact.Email === emails[0]);
  assert.equal(stored?.id, synced.zohoId);
  assertError(await call(`/api/crm/zoho/sync-contact/${theirs.ids[0]}`, { token: user.token, body: {} }), 404, "Contact not found");
  assertError(await call("/api/crm/zoho/sync-contact/999999999999", { token: user.token, body: {} }), 404, "Contact not found");
  assertError(
    await call("/api/crm/zoho/bulk-sync", { token: user.token, body: { contactIds: [ids[0], theirs.ids[0]] } }),
    404,
    "Contact not found",
  );
  // The candidate shows the outcome; the run is recorded complete, and the stats count it.
  const page = syncCandidatesPageSchema.parse((await call("/api/crm/zoho/sync-candidates", { token: user.token })).json);
  assert.equal(page.total, 1);
  assert.deepEqual(
    [page.contacts[0]!.is_valid, page.contacts[0]!.last_sync?.outcome, page.contacts[0]!.last_sync?.zoho_id],
    [true, "created", synced.zohoId],
  );
  const stats = syncStatsSchema.parse((await call("/api/crm/zoho/sync-stats", { token: user.token })).json);
  assert.deepEqual(stats, {
    total_syncs: 1,
    contacts_created: 1,
    contacts_updated: 0,
    contacts_skipped: 0,
    successful_syncs: 1,
    failed_syncs: 0,
  });
});

Deno.test("up to 100 contacts sync inline (200 with counts); a filter matching nothing is 'No contacts selected'", async () => {
  const user = await signedInUser();
  await connectZoho(user.token);
  const { ids } = await savedContacts(user.id, 5, (n) => n < 2);
  const answer = await call("/api/crm/zoho/bulk-sync", { token: user.token, body: { filter: "invalid" } });
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(bulkSyncInlineResultSchema.parse(answer.json), { created: 2, updated: 0, skipped: 0, failed: 0 });
  const again = await call("/api/crm/zoho/bulk-sync", { token: user.token, body: { contactIds: ids } });
  assert.deepEqual(bulkSyncInlineResultSchema.parse(again.json), { created: 3, updated: 0, skipped: 2, failed: 0 });
  const other = await signedInUser();
  await connectZoho(other.token);
  assertError(
    await call("/api/crm/zoho/bulk-sync", { token: other.token, body: { filter: "all" } }),
    400,
    "No contacts selected",
  );
});

Deno.test("250 contacts through a 429 and a bad record: a background run with 249 successful and 1 failed, invalid ones tagged", async () => {
  await zoho.reset();
  const user = await signedInUser();
  await connectZoho(user.token);
  const { ids, emails } = await savedContacts(user.id, 250, (n) => n % 10 === 0);
  await zoho.markBadRecord(emails[123]!);
  await zoho.rateLimitNext({ count: 1, retryAfter: 1 });
  const started = await call("/api/crm/zoho/bulk-sync", {
    token: user.token,
    body: { contactIds: ids, tagInvalidEmails: true, overwriteExisting: false },
  });
  assert.equal(started.status, 202, started.text);
  const { jobId } = bulkSyncStartedSchema.parse(started.json);
  const run = await waitForRun(user.token, jobId);
  assert.deepEqual(
    [run.status, run.total, run.processed, run.created, run.updated, run.skipped, run.failed],
    ["completed", 250, 250, 249, 0, 0, 1],
  );
  assert.deepEqual(run.options, { tagInvalidEmails: true, overwriteExisting: false });

  const inZoho = new Map((await zoho.contacts()).map((contact) => [contact.Email, contact]));
  assert.equal(inZoho.size, 249, "each contact once, the bad record not at all");
  emails.forEach((email, n) => {
    if (n === 123) return assert.ok(!inZoho.has(email));
    assert.equal(inZoho.get(email)?.tags.includes(ZOHO_INVALID_TAG), n % 10 === 0, email);
  });

  const report = await downloadFrom(`/api/crm/zoho/sync-runs/${jobId}/report.csv`, user.token);
  assert.equal(report.status, 200, report.text);
  assert.equal(report.headers.get("content-disposition"), `attachment; filename=zoho-sync-${jobId}.csv`);
  assert.deepEqual([...report.bytes.slice(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 with a byte order mark");
  const lines = report.text.trimEnd().split("\r\n");
  assert.equal(lines[0], "email,outcome,zoho_id,tagged,message,synced_at");
  assert.equal(lines.length, 251);
  const failed = lines.filter((line) => line.split(",")[1] === "failed");
  assert.equal(failed.length, 1);
  assert.ok(failed[0]!.startsWith(`${emails[123]},failed,,false,`), failed.join());
  assert.equal(lines.filter((line) => line.split(",")[3] === "true").length, 25, "every invalid address is tagged");

  const latest = await call("/api/crm/zoho/sync-runs", { token: user.token });
  assert.deepEqual(syncRunSchema.array().parse(latest.json).map((each) => each.jobId), [jobId]);
  const connection = crmConnectionSchema.parse((await call("/api/crm/zoho", { token: user.token })).json);
  assert.ok(connection.lastSyncAt);
});

Deno.test("while a run waits, runs or is paused, no other sync starts: 409", async () => {
  const user = await signedInUser();
  await connectZoho(user.token);
  const { ids } = await savedContacts(user.id, 101);
  // A run paused until tomorrow (Zoho's credits spent): unfinished, and no worker will take it meanwhile.
  await withDatabase((sql) => sql`
    insert into public.crm_sync_logs (integration_id, user_id, sync_type, status, total, resume_after)
    select id, user_id, 'bulk', 'paused', 0, now() + interval '1 day' from public.crm_integrations where user_id = ${user.id}
  `);
  const active = "A Zoho sync is already running: wait for it to finish";
  assertError(await call("/api/crm/zoho/bulk-sync", { token: user.token, body: { contactIds: ids } }), 409, active);
  assertError(await call("/api/crm/zoho/bulk-sync", { token: user.token, body: { contactIds: ids.slice(0, 2) } }), 409, active);
  assertError(await call(`/api/crm/zoho/sync-contact/${ids[0]}`, { token: user.token, body: {} }), 409, active);
});

Deno.test("a run whose worker died mid-batch is taken over when its lease ends, and nothing reaches Zoho twice", async () => {
  await zoho.reset();
  const user = await signedInUser();
  await connectZoho(user.token);
  const { ids, emails } = await savedContacts(user.id, 150);
  const schedule = (active: boolean) =>
    withDatabase((sql) => sql`update cron.job set active = ${active} where jobname = 'crm-sync'`);
  await schedule(false);
  try {
    const jobId = await withDatabase(async (sql) => {
      const [integration] = await sql<{ id: string }[]>`select id from public.crm_integrations where user_id = ${user.id}`;
      const [run] = await sql<{ id: string }[]>`
        select private.start_crm_sync_run(${integration!.id}, 'bulk', '{}', ${ids}::bigint[]) as id
      `;
      // A worker claims the run with a short lease, upserts its first batch into Zoho, and dies before recording it.
      await sql`select * from private.claim_crm_sync_run(1)`;
      return run!.id;
    });
    await zoho.seedContacts(emails.slice(0, 100).map((email) => ({ Email: email, Last_Name: email.split("@")[0]!, First_Name: "Pat" })));
    const summary = await runWorker(CRM_WORKER_URL);
    assert.equal(summary.completed, 2, JSON.stringify(summary));
    const run = syncRunSchema.parse((await call(`/api/crm/zoho/sync-runs/${jobId}`, { token: user.token })).json);
    // The first batch was in Zoho already, with nothing left to fill: skipped, not written again.
    assert.deepEqual([run.status, run.processed, run.created, run.skipped, run.failed], ["completed", 150, 50, 100, 0]);
    const inZoho = (await zoho.contacts()).map((contact) => contact.Email);
    assert.deepEqual(inZoho.sort(), [...emails].sort(), "each contact once");
  } finally {
    await schedule(true);
  }
});

// Who sees what ------------------------------------------------------------------------------------------------------

Deno.test("runs are their owner's: another user, and the admin's own paths, get 404", async () => {
  const user = await signedInUser();
  await connectZoho(user.token);
  const { ids } = await savedContacts(user.id, 1);
  await call(`/api/crm/zoho/sync-contact/${ids[0]}`, { token: user.token, body: {} });
  const [run] = syncRunSchema.array().parse((await call("/api/crm/zoho/sync-runs", { token: user.token })).json);
  assert.ok(run);
  const other = await signedInUser();
  const admin = await signedInAdmin();
  for (const [token, prefix] of [[other.token, "/api/crm/zoho"], [admin.token, "/api/admin/zoho"]] as const) {
    assertError(await call(`${prefix}/sync-runs/${run.jobId}`, { token }), 404, "Sync run not found");
    assertError(await call(`${prefix}/sync-runs/${run.jobId}/report.csv`, { token }), 404, "Sync run not found");
    assert.deepEqual((await call(`${prefix}/sync-runs`, { token })).json, []);
    const candidates = syncCandidatesPageSchema.parse((await call(`${prefix}/sync-candidates`, { token })).json);
    assert.equal(candidates.total, 0, "nobody else's contacts are candidates");
  }
});

Deno.test("the admin's sync-stats are the platform's totals; a user's are their own", async () => {
  const user = await signedInUser();
  await connectZoho(user.token);
  const { ids } = await savedContacts(user.id, 2);
  await call("/api/crm/zoho/bulk-sync", { token: user.token, body: { contactIds: ids } });
  const admin = await signedInAdmin();
  const expected = await withDatabase(async (sql) => {
    const [row] = await sql<{ created: number; updated: number; skipped: number; failed: number }[]>`
      select count(*) filter (where outcome = 'created')::int as created,
             count(*) filter (where outcome = 'updated')::int as updated,
             count(*) filter (where outcome = 'skipped')::int as skipped,
             count(*) filter (where outcome = 'failed')::int as failed
      from public.crm_sync_items where outcome is not null
    `;
    return row!;
  });
  const platform = syncStatsSchema.parse((await call("/api/admin/zoho/sync-stats", { token: admin.token })).json);
  const successful = expected.created + expected.updated + expected.skipped;
  assert.deepEqual(platform, {
    total_syncs: successful + expected.failed,
    contacts_created: expected.created,
    contacts_updated: expected.updated,
    contacts_skipped: expected.skipped,
    successful_syncs: successful,
    failed_syncs: expected.failed,
  });
  assert.ok(platform.total_syncs >= 2);
  const own = syncStatsSchema.parse((await call("/api/crm/zoho/sync-stats", { token: admin.token })).json);
  assert.equal(own.total_syncs, 0);
  assertError(await call("/api/admin/zoho/sync-stats", { token: user.token }), 403, "Admin access required");
});

Deno.test("disconnecting revokes the token at Zoho and forgets the connection; again is 204 too", async () => {
  const user = await signedInUser();
  await connectZoho(user.token);
  const revokes = (await zoho.calls()).revoke;
  assert.equal((await call("/api/crm/zoho", { token: user.token, method: "DELETE" })).status, 204);
  assert.equal((await zoho.calls()).revoke - revokes, 1);
  assert.equal(await integrationRow(user.id), undefined);
  assert.equal((await call("/api/crm/zoho", { token: user.token, method: "DELETE" })).status, 204);
});
