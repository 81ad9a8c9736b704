// Removal requests as the admin sees and decides them, against the running stack: listed newest first (by status if
// asked), approved (the page removed, its domain suppressed) or rejected once, each decision audited.
import assert from "node:assert/strict";
import { adminRemovalRequestSchema } from "../../../../_shared/seo/index.ts";
import { auditOf } from "../../../testing/marketing.ts";
import { insertPage, insertRemovalRequest } from "../../../testing/seo.ts";
import { assertError, call, signedInAdmin, withDatabase } from "../../../testing/stack.ts";

const PATH = "/api/admin/seo/removal-requests";
const requestsOf = (json: unknown) => adminRemovalRequestSchema.array().parse((json as { requests: unknown }).requests);
const decide = (token: string, id: string, decision: unknown) =>
  call(`${PATH}/${id}/decision`, { token, body: { decision } });

Deno.test("removal requests are listed newest first, filtered by status; a bad status is 400", async () => {
  const admin = await signedInAdmin();
  const older = await insertRemovalRequest(await insertPage());
  const newer = await insertRemovalRequest(await insertPage(), "awaiting_confirmation");

  const all = await call(PATH, { token: admin.token });
  assert.equal(all.status, 200, all.text);
  assert.deepEqual(requestsOf(all.json).slice(0, 2).map((request) => request.id), [newer, older]);
  const pending = requestsOf((await call(`${PATH}?status=pending_review`, { token: admin.token })).json);
  assert.ok(pending.some((request) => request.id === older));
  assert.ok(pending.every((request) => request.status === "pending_review"));

  const bad = await call(`${PATH}?status=done`, { token: admin.token });
  assert.equal(bad.status, 400, bad.text);
  assert.match((bad.json as { message: string }).message, /^status: /);
});

Deno.test("an approved request removes the page and suppresses its domain; deciding again is 409", async () => {
  const admin = await signedInAdmin();
  const pageId = await insertPage();
  const id = await insertRemovalRequest(pageId);

  const approved = await decide(admin.token, id, "approve");
  assert.equal(approved.status, 200, approved.text);
  const request = adminRemovalRequestSchema.parse(approved.json);
  assert.equal(request.status, "removed");
  assert.ok(request.decidedAt);
  const [state] = await withDatabase((sql) =>
    sql<{ removed: boolean; suppressed: boolean; decided_by: string }[]>`
      select p.removed_at is not null as removed,
             exists (select from public.seo_suppressions s where s.kind = 'domain' and s.value = p.entity_domain) as suppressed,
             r.decided_by
        from public.seo_landing_pages p, public.seo_removal_requests r
       where p.id = ${pageId} and r.id = ${id}
    `
  );
  assert.deepEqual(state, { removed: true, suppressed: true, decided_by: admin.id });
  assert.deepEqual(await auditOf(id), [{ action: "seo.removal_decided", actorId: admin.id }]);

  assertError(await decide(admin.token, id, "reject"), 409, "This removal request is already decided");
});

Deno.test("a rejected request leaves the page; unknown requests 404; a bad decision 400", async () => {
  const admin = await signedInAdmin();
  const pageId = await insertPage();
  const id = await insertRemovalRequest(pageId, "awaiting_confirmation");

  const rejected = await decide(admin.token, id, "reject");
  assert.equal(rejected.status, 200, rejected.text);
  assert.equal(adminRemovalRequestSchema.parse(rejected.json).status, "rejected");
  const [page] = await withDatabase((sql) =>
    sql<{ removed: boolean }[]>`select removed_at is not null as removed from public.seo_landing_pages where id = ${pageId}`
  );
  assert.deepEqual(page, { removed: false });
  assertError(await decide(admin.token, id, "approve"), 409, "This removal request is already decided");

  for (const unknown of [crypto.randomUUID(), "1"]) {
    assertError(await decide(admin.token, unknown, "approve"), 404, "Removal request not found");
  }
  for (const decision of ["maybe", undefined]) {
    assertError(await decide(admin.token, id, decision), 400, "decision: decision must be approve or reject");
  }
});
