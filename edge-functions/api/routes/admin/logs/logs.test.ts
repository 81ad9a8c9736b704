// The security tab's logs against the running stack: keyset pages newest first, anomalies on request.
// Visitors and users are refused by the guard (lib/require-admin.test.ts calls every admin route as both).
import assert from "node:assert/strict";
import { activityPageSchema, auditPageSchema, LOG_PAGE_SIZE } from "../../../../_shared/admin/index.ts";
import { accountWithPassword, signIn } from "../../../testing/admin.ts";
import { downloadFrom } from "../../../testing/bulk.ts";
import { assertError, call, signedInAdmin, withDatabase } from "../../../testing/stack.ts";

Deno.test("the audit log pages newest first, each page continuing where the last ended", async () => {
  const admin = await signedInAdmin();
  // Enough audited actions for more than a page: exports of the users CSV are audited and unlimited.
  for (let index = 0; index <= LOG_PAGE_SIZE; index++) {
    assert.equal((await downloadFrom("/api/admin/export-users", admin.token)).status, 200);
  }
  const first = auditPageSchema.parse((await call("/api/admin/audit-log", { token: admin.token })).json);
  assert.equal(first.entries.length, LOG_PAGE_SIZE);
  assert.ok(first.nextCursor);
  const ids = first.entries.map((entry) => entry.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
  assert.deepEqual(
    { action: first.entries[0]!.action, actorId: first.entries[0]!.actorId, targetType: first.entries[0]!.targetType },
    { action: "export.users", actorId: admin.id, targetType: "" },
  );
  const second = auditPageSchema.parse(
    (await call(`/api/admin/audit-log?cursor=${first.nextCursor}`, { token: admin.token })).json,
  );
  assert.ok(second.entries.length > 0 && second.entries.every((entry) => entry.id < first.nextCursor!));
  assertError(await call("/api/admin/audit-log?cursor=abc", { token: admin.token }), 400, "cursor: cursor must be a number");
});

Deno.test("the activity log shows sign-ins with where they came from, and anomalies alone on request", async () => {
  const admin = await signedInAdmin();
  const account = await accountWithPassword();
  assert.equal((await signIn(account)).status, 200);
  const page = activityPageSchema.parse((await call("/api/admin/activity", { token: admin.token })).json);
  const signedIn = page.entries.find((entry) => entry.userId === account.id && entry.endpoint === "sign_in");
  assert.ok(signedIn, JSON.stringify(page.entries.slice(0, 3)));
  assert.equal(signedIn.ipAddress, "127.0.0.1");
  assert.equal(signedIn.isAnomalous, false);

  await withDatabase((sql) =>
    sql`
      insert into public.activity_logs (user_id, endpoint, time_window, is_anomalous, anomaly_reason)
      values (${account.id}, 'request', date_trunc('minute', now()), true, 'burst')
    `
  );
  const anomalies = activityPageSchema.parse((await call("/api/admin/activity?anomalous=true", { token: admin.token })).json);
  assert.ok(anomalies.entries.length > 0 && anomalies.entries.every((entry) => entry.isAnomalous));
  assert.ok(anomalies.entries.some((entry) => entry.userId === account.id && entry.anomalyReason === "burst"));
  assertError(
    await call("/api/admin/activity?anomalous=yes", { token: admin.token }),
    400,
    "anomalous: anomalous must be true or false",
  );
});
