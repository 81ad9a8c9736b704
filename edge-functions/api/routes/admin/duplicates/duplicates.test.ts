// /api/admin/duplicates against the running stack: admins see every user's saved contacts grouped by the inbox they
// reach, edit and delete records, merge one owner's records and undo a merge; each refusal answers its status and
// words. Other tests save contacts at the same time, so each test's addresses carry a tag of its own and the lists are
// narrowed to it with q.
import assert from "node:assert/strict";
import {
  duplicateGroupsPageSchema,
  duplicateRecordSchema,
  duplicateRecordsSchema,
  mergeResultSchema,
  mergesPageSchema,
  undoMergeResultSchema,
} from "../../../../_shared/contracts/duplicates.ts";
import { emailKeyCases } from "../../../../_shared/duplicates/testing/email-key-cases.ts";
import { ADMIN_ONLY_MESSAGE } from "../../../lib/require-admin.ts";
import { assertError, call, signedInAdmin, signedInUser, withDatabase } from "../../../testing/stack.ts";

type User = { id: string; token: string };

const admin = await signedInAdmin();

function tag(): string {
  return `d${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/** Saves a contact for the user straight into the database (its list: General unless named); answers its id. */
async function saved(user: User, email: string, fields: Record<string, string | null> = {}): Promise<number> {
  const [row] = await withDatabase((sql) => sql<{ id: string }[]>`
    insert into public.saved_contacts ${sql({ user_id: user.id, email, source: "manual", ...fields })}
    returning id
  `);
  return Number(row?.id);
}

async function asAdmin(path: string, init: { method?: string; body?: unknown } = {}) {
  return await call(`/api/admin/duplicates${path}`, { ...init, token: admin.token });
}

async function groups(query: string) {
  const response = await asAdmin(`/duplicates?${query}`);
  assert.equal(response.status, 200, response.text);
  return duplicateGroupsPageSchema.parse(response.json);
}

async function merge(body: unknown) {
  const response = await asAdmin("/merge", { body });
  assert.equal(response.status, 200, response.text);
  return mergeResultSchema.parse(response.json);
}

async function remainingIds(ids: number[]): Promise<number[]> {
  const rows = await withDatabase((sql) => sql<{ id: string }[]>`
    select id from public.saved_contacts where id = any(${ids}) order by id
  `);
  return rows.map((row) => Number(row.id));
}

Deno.test("the email key in SQL answers every shared case as its TypeScript twin does", async () => {
  const rows = await withDatabase((sql) => sql<{ key: string }[]>`
    select public.email_key(c.email) as key
      from unnest(${emailKeyCases.map(({ email }) => email)}::text[]) with ordinality as c(email, n)
     order by c.n
  `);
  assert.deepEqual(
    rows.map((row) => row.key),
    emailKeyCases.map((c) => c.key),
  );
});

Deno.test("the duplicates routes answer a visitor 401 and a user who is not an admin 403", async () => {
  const user = await signedInUser();
  for (
    const [method, path, body] of [
      ["GET", "/duplicates", undefined],
      ["GET", "/duplicates/a@b.c", undefined],
      ["PUT", "/records/1", { company: "x" }],
      ["DELETE", "/records/1", undefined],
      ["POST", "/merge", { keepId: 1, deleteIds: [2] }],
      ["GET", "/merges", undefined],
      ["POST", "/merges/1/undo", undefined],
    ] as const
  ) {
    assertError(await call(`/api/admin/duplicates${path}`, { method, body }), 401, "Not authenticated");
    assertError(await call(`/api/admin/duplicates${path}`, { method, body, token: user.token }), 403, ADMIN_ONLY_MESSAGE);
  }
});

Deno.test("groups: every user's spellings of one inbox, with owners, conflicting fields, lists and validity", async () => {
  const t = tag();
  const ann = await signedInUser();
  const bob = await signedInUser();
  const first = await saved(ann, `Ann.Lee.${t}@gmail.com`, { company: "Acme", first_name: "Ann" });
  const second = await saved(ann, `annlee${t}+news@GoogleMail.com`, { company: "Beta", phone: "555" });
  const third = await saved(bob, `annlee${t}@gmail.com`, { first_name: " Ann " });
  await saved(bob, `${t}.alone@example.com`);
  await withDatabase((sql) => sql`
    insert into public.email_validations (email, domain, is_valid, format_valid, verdict, mobile_number,
                                          last_validated_at)
    values (${`Ann.Lee.${t}@gmail.com`}, 'gmail.com', true, true, 'deliverable', '+1 555 0100', '2026-01-02T03:04:05Z')
  `);

  const page = await groups(`q=${t}`);
  assert.equal(page.nextAfter, null);
  assert.equal(page.groups.length, 1, "an address saved once is no group");
  const [group] = page.groups;
  assert.equal(group?.email, `annlee${t}@gmail.com`);
  assert.equal(group?.count, 3);
  assert.deepEqual(group?.owners.map((owner) => owner.id).sort(), [ann.id, bob.id].sort());
  assert.deepEqual(group?.conflictingFields, ["company"], "Ann and ' Ann ' are one name; Acme and Beta differ");
  assert.deepEqual(group?.records.map((record) => record.id), [first, second, third]);
  const record = group?.records[0];
  assert.deepEqual(
    [record?.isValid, record?.mobileNumber, record?.lastValidatedAt, record?.list.name, record?.owner.id],
    [true, "+1 555 0100", "2026-01-02T03:04:05.000Z", "General", ann.id],
  );
  assert.deepEqual([group?.records[1]?.isValid, group?.records[1]?.phoneNumber], [null, "555"]);

  // q matches any spelling, as saved or as its key.
  assert.equal((await groups(`q=${encodeURIComponent(`ANN.LEE.${t}+X@googlemail.com`)}`)).groups.length, 1);
  assert.equal((await groups(`q=${t}&scope=same-user`)).groups.length, 1, "Ann saved the inbox twice");
  assert.equal((await groups(`q=${t}&scope=across-users`)).groups.length, 1, "Ann and Bob both saved it");
  await withDatabase((sql) => sql`delete from public.saved_contacts where id = ${third}`);
  assert.equal((await groups(`q=${t}&scope=across-users`)).groups.length, 0, "now only Ann has it");
  assert.equal((await groups(`q=${t}&scope=same-user`)).groups.length, 1);
});

Deno.test("groups come 50 a page in key order; nextAfter names the next page's start", async () => {
  const t = tag();
  const user = await signedInUser();
  await withDatabase((sql) => sql`
    insert into public.saved_contacts (user_id, email, source)
    select ${user.id}, format('%s%s%s@gmail.com', ${t}::text, s, lpad(n::text, 3, '0')), 'manual'
      from generate_series(1, 51) as n, unnest(array['', '.']) as s
  `);
  const first = await groups(`q=${t}`);
  assert.equal(first.groups.length, 50);
  assert.equal(first.groups[0]?.email, `${t}001@gmail.com`, "dots fold: one group per number");
  assert.equal(first.groups[0]?.count, 2);
  assert.equal(first.nextAfter, first.groups[49]?.email);
  const second = await groups(`q=${t}&after=${encodeURIComponent(first.nextAfter ?? "")}`);
  assert.deepEqual(second.groups.map((group) => group.email), [`${t}051@gmail.com`]);
  assert.equal(second.nextAfter, null);
});

Deno.test("GET groups refuses a bad scope and over-long q and after with 400", async () => {
  assertError(
    await asAdmin("/duplicates?scope=everyone"),
    400,
    "scope: scope must be one of same-user, across-users",
  );
  assertError(await asAdmin(`/duplicates?q=${"x".repeat(255)}`), 400, "q: q must be at most 254 characters");
  assertError(await asAdmin(`/duplicates?after=${"x".repeat(255)}`), 400, "after: after must be at most 254 characters");
});

Deno.test("one group's records under any spelling of its email; 404 when fewer than two share it", async () => {
  const t = tag();
  const user = await signedInUser();
  const ids = [await saved(user, `Kim.${t}@gmail.com`), await saved(user, `kim${t}+cv@gmail.com`)];
  for (const spelling of [`kim${t}@gmail.com`, ` K.I.M.${t}@GoogleMail.com `]) {
    const response = await asAdmin(`/duplicates/${encodeURIComponent(spelling)}`);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(duplicateRecordsSchema.parse(response.json).map((record) => record.id), ids);
  }
  await withDatabase((sql) => sql`delete from public.saved_contacts where id = ${ids[1] ?? 0}`);
  assertError(await asAdmin(`/duplicates/kim${t}@gmail.com`), 404, "No duplicates found for this email");
  assertError(await asAdmin(`/duplicates/nobody${t}@example.com`), 404, "No duplicates found for this email");
});

Deno.test("PUT a record: 200 with it edited and audited; 400 for other fields or over-long values; 404", async () => {
  const t = tag();
  const user = await signedInUser();
  const id = await saved(user, `edit.${t}@example.com`, { company: "Old", phone: "1" });
  const response = await asAdmin(`/records/${id}`, {
    method: "PUT",
    body: { company: " New Co ", jobTitle: "CTO", phoneNumber: "" },
  });
  assert.equal(response.status, 200, response.text);
  const record = duplicateRecordSchema.parse(response.json);
  assert.deepEqual([record.company, record.jobTitle, record.phoneNumber, record.id], ["New Co", "CTO", null, id]);

  const entry = mergesPageSchema.parse((await asAdmin("/merges")).json).merges.find((m) => m.keptId === id);
  assert.deepEqual([entry?.action, entry?.actor?.id, entry?.undoableUntil], ["edit", admin.id, null]);

  assertError(
    await asAdmin(`/records/${id}`, { method: "PUT", body: { email: "x@y.z" } }),
    400,
    "Only firstName, lastName, phoneNumber, jobTitle, company and notes can be edited",
  );
  assertError(
    await asAdmin(`/records/${id}`, { method: "PUT", body: { company: "x".repeat(101) } }),
    400,
    "company: Company must be at most 100 characters",
  );
  assertError(await asAdmin("/records/999999999999", { method: "PUT", body: { company: "x" } }), 404, "Record not found");
  assertError(await asAdmin("/records/abc", { method: "PUT", body: { company: "x" } }), 404, "Record not found");
});

Deno.test("DELETE a record: 204 and audited with the row; again 404", async () => {
  const t = tag();
  const user = await signedInUser();
  const id = await saved(user, `gone.${t}@example.com`);
  const response = await asAdmin(`/records/${id}`, { method: "DELETE" });
  assert.equal(response.status, 204, response.text);
  assert.deepEqual(await remainingIds([id]), []);
  const [entry] = await withDatabase((sql) => sql<{ email: string }[]>`
    select removed_rows -> 0 ->> 'email' as email from public.contact_audit_log
     where action = 'delete' and removed_ids = array[${id}]::bigint[]
  `);
  assert.equal(entry?.email, `gone.${t}@example.com`);
  assertError(await asAdmin(`/records/${id}`, { method: "DELETE" }), 404, "Record not found");
});

Deno.test("a merge answers 200 with the kept record as merged; Recent merges lists it; undo restores the ids", async () => {
  const t = tag();
  const user = await signedInUser();
  const keep = await saved(user, `Lee.${t}@gmail.com`, { first_name: "Lee", notes: "Met at expo" });
  const older = await saved(user, `lee${t}+a@gmail.com`, { last_name: "Older", notes: "Likes tea" });
  const newer = await saved(user, `l.ee${t}@googlemail.com`, { last_name: "Newer", first_name: "Ignored" });

  const merged = await merge({ keepId: keep, deleteIds: [newer, older] });
  assert.deepEqual(merged.removedIds, [older, newer]);
  assert.deepEqual(
    [merged.record.id, merged.record.firstName, merged.record.lastName, merged.record.notes],
    [keep, "Lee", "Newer", "Met at expo\nLikes tea"],
  );
  assert.deepEqual(await remainingIds([keep, older, newer]), [keep]);

  const listed = mergesPageSchema.parse((await asAdmin("/merges")).json).merges.find((m) => m.id === merged.mergeId);
  assert.deepEqual(
    [listed?.action, listed?.email, listed?.keptId, listed?.removedIds, listed?.undoneAt, listed?.actor?.id],
    ["merge", `lee${t}@gmail.com`, keep, [older, newer], null, admin.id],
  );
  assert.ok(listed?.undoableUntil && Date.parse(listed.undoableUntil) > Date.now() + 29 * 86_400_000);

  const response = await asAdmin(`/merges/${merged.mergeId}/undo`, { method: "POST" });
  assert.equal(response.status, 200, response.text);
  const undone = undoMergeResultSchema.parse(response.json);
  assert.deepEqual(undone.restoredIds, [older, newer]);
  assert.deepEqual([undone.record.lastName, undone.record.notes], [null, "Met at expo"]);
  assert.deepEqual(await remainingIds([keep, older, newer]), [keep, older, newer]);

  const after = mergesPageSchema.parse((await asAdmin("/merges")).json).merges.find((m) => m.id === merged.mergeId);
  assert.deepEqual([after?.undoneBy?.id, after?.undoableUntil], [admin.id, null]);
  assertError(
    await asAdmin(`/merges/${merged.mergeId}/undo`, { method: "POST" }),
    409,
    "This merge has already been undone",
  );
});

Deno.test("merge fields replace the kept record's values where the admin picked one", async () => {
  const t = tag();
  const user = await signedInUser();
  const keep = await saved(user, `pick.${t}@gmail.com`, { company: "Kept Co", position: "CEO" });
  const other = await saved(user, `pick${t}@gmail.com`, { company: "Other Co" });
  const merged = await merge({ keepId: keep, deleteIds: [other], fields: { company: "Other Co", jobTitle: null } });
  assert.deepEqual([merged.record.company, merged.record.jobTitle], ["Other Co", null]);
});

Deno.test("merge refuses with 400 what its contract forbids", async () => {
  for (
    const [body, message] of [
      [{ keepId: 1, deleteIds: [] }, "deleteIds: Choose at least one record to merge"],
      [{ keepId: 1, deleteIds: [1, 2] }, "deleteIds: The kept record cannot also be merged"],
      [{ keepId: 1, deleteIds: [2, 2] }, "deleteIds: deleteIds must not repeat an id"],
      [
        { keepId: 1, deleteIds: Array.from({ length: 51 }, (_, i) => i + 2) },
        "deleteIds: At most 50 records can be merged at once",
      ],
      [{ deleteIds: [2] }, "keepId: ids must be numbers"],
      [{ keepId: 1, deleteIds: [2], fields: { email: "x" } }, "fields: Only firstName, lastName, phoneNumber, jobTitle, company and notes can be edited"],
    ] as const
  ) assertError(await asAdmin("/merge", { body }), 400, message);
});

Deno.test("merge answers 404 for unknown ids and 409 across inboxes, across owners and for notes over 2,000", async () => {
  const t = tag();
  const ann = await signedInUser();
  const bob = await signedInUser();
  const keep = await saved(ann, `m.${t}@gmail.com`, { notes: "a".repeat(1500) });
  const elsewhere = await saved(ann, `m.${t}@example.com`);
  const bobs = await saved(bob, `m${t}@gmail.com`);
  const long = await saved(ann, `m${t}+x@gmail.com`, { notes: "b".repeat(600) });

  assertError(await asAdmin("/merge", { body: { keepId: keep, deleteIds: [999999999999] } }), 404, "Record not found");
  assertError(await asAdmin("/merge", { body: { keepId: 999999999999, deleteIds: [keep] } }), 404, "Record not found");
  assertError(
    await asAdmin("/merge", { body: { keepId: keep, deleteIds: [elsewhere] } }),
    409,
    "These records do not share an email address, so they cannot be merged",
  );
  assertError(
    await asAdmin("/merge", { body: { keepId: keep, deleteIds: [bobs] } }),
    409,
    "These records belong to different users: merging would delete one person's contact to keep another's. Edit or " +
      "delete them instead.",
  );
  assertError(
    await asAdmin("/merge", { body: { keepId: keep, deleteIds: [long] } }),
    409,
    "The merged notes would be over 2,000 characters. Choose the notes to keep in Edit first.",
  );
  assert.deepEqual(await remainingIds([keep, elsewhere, bobs, long]), [keep, elsewhere, bobs, long]);
});

Deno.test("undo answers 409 once the kept record changed or after 30 days, 404 for what is no merge", async () => {
  const t = tag();
  const user = await signedInUser();
  const keep = await saved(user, `u.${t}@gmail.com`);
  const changed = await merge({ keepId: keep, deleteIds: [await saved(user, `u${t}@gmail.com`)] });
  // The owner edits the kept contact afterwards, through their own contacts page.
  const edit = await call(`/api/contacts/${keep}`, { method: "PATCH", token: user.token, body: { notes: "mine" } });
  assert.equal(edit.status, 200, edit.text);
  assertError(
    await asAdmin(`/merges/${changed.mergeId}/undo`, { method: "POST" }),
    409,
    "The kept record has changed since the merge, so the merge can no longer be undone",
  );

  const old = await merge({ keepId: keep, deleteIds: [await saved(user, `u${t}+old@gmail.com`)] });
  await withDatabase((sql) => sql`
    update public.contact_audit_log set created_at = now() - interval '31 days' where id = ${old.mergeId}
  `);
  assertError(
    await asAdmin(`/merges/${old.mergeId}/undo`, { method: "POST" }),
    409,
    "This merge is over 30 days old and can no longer be undone",
  );

  const resaved = await merge({ keepId: keep, deleteIds: [await saved(user, `u${t}+again@gmail.com`)] });
  await saved(user, `u${t}+AGAIN@gmail.com`);
  assertError(
    await asAdmin(`/merges/${resaved.mergeId}/undo`, { method: "POST" }),
    409,
    "The owner has saved a merged address again since, so the merge can no longer be undone",
  );

  assertError(await asAdmin("/merges/999999999999/undo", { method: "POST" }), 404, "Merge not found");
  assertError(await asAdmin("/merges/abc/undo", { method: "POST" }), 404, "Merge not found");
});

Deno.test("Recent merges pages newest first by id; a bad before answers 400", async () => {
  const page = mergesPageSchema.parse((await asAdmin("/merges")).json);
  const ids = page.merges.map((entry) => entry.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
  if (page.nextBefore !== null) {
    const next = mergesPageSchema.parse((await asAdmin(`/merges?before=${page.nextBefore}`)).json);
    assert.ok(next.merges.every((entry) => entry.id < (page.nextBefore ?? 0)));
  }
  const before = mergesPageSchema.parse((await asAdmin(`/merges?before=${ids[0] ?? 1}`)).json);
  assert.ok(before.merges.every((entry) => entry.id < (ids[0] ?? 1)));
  assertError(await asAdmin("/merges?before=abc"), 400, "before: before must be a number");
});
