// What marketing's admin API tests share: the audit rows a change left, the links a stored URL must refuse, and the
// one round of list, create, replace and delete every campaign manager answers the same way.
import assert from "node:assert/strict";
import type { z } from "zod";
import { audienceSizeSchema, sendAnswerSchema, VALID_URL_MESSAGE } from "../../_shared/marketing/index.ts";
import { ADMIN_ONLY_MESSAGE } from "../lib/require-admin.ts";
import { type Answer, assertError, call, signedInAdmin, signedInUser, withDatabase } from "./stack.ts";

/** Links that would run script or leave the site from an href or a redirect. */
export const REFUSED_URLS = ["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example/path"];

/** The audit log's actions for a row, oldest first, each with its actor. */
export async function auditOf(targetId: string): Promise<{ action: string; actorId: string | null }[]> {
  const rows = await withDatabase((sql) =>
    sql<{ action: string; actor_id: string | null }[]>`
      select action, actor_id from public.admin_audit_log where target_id = ${targetId} order by id
    `
  );
  return rows.map((row) => ({ action: row.action, actorId: row.actor_id }));
}

/** Each refused link in `field` (a dotted path into the body) answers 400 naming the field. */
export async function assertUrlsRefused(
  token: string,
  method: string,
  path: string,
  body: Record<string, unknown>,
  field: string,
) {
  for (const url of REFUSED_URLS) {
    const keys = field.split(".");
    const withUrl = structuredClone(body);
    let holder: Record<string, unknown> = withUrl;
    for (const key of keys.slice(0, -1)) holder = (holder[key] ??= {}) as Record<string, unknown>;
    holder[keys.at(-1)!] = url;
    assertError(await call(path, { method, token, body: withUrl }), 400, `${field}: ${VALID_URL_MESSAGE}`);
  }
}

/** A visitor is asked to sign in (401); a signed-in user who is not an admin is refused (403). */
export async function assertAdminOnly(path: string, method = "GET") {
  const body = method === "GET" ? undefined : {};
  assertError(await call(path, { method, body }), 401, "Not authenticated");
  const user = await signedInUser();
  assertError(await call(path, { method, body, token: user.token }), 403, ADMIN_ONLY_MESSAGE);
}

export interface ManagerCase<Item extends { id: string }> {
  /** The collection, such as /api/campaigns/banner-ads. */
  path: string;
  /** The table, as the audit log's actions name it. */
  table: string;
  schema: z.ZodType<Item>;
  /** The least a valid body holds, and what the item then holds (the contract's defaults included). */
  minimal: Record<string, unknown>;
  created: Partial<Item>;
  /** A whole body for a replace, and what the item then holds. */
  replacement: Record<string, unknown>;
  replaced: Partial<Item>;
  /** A required field left out, and the 400's message. */
  required: { field: string; message: string };
  /** A stored link of the body, if it has one. */
  urlField?: string;
  notFound: string;
}

/** The tests every manager shares, registered under its name. */
export function testManager<Item extends { id: string; ctr: number }>(name: string, manager: ManagerCase<Item>) {
  Deno.test(`${name}: a visitor gets 401 and a user who is not an admin 403, on the list and on a row`, async () => {
    await assertAdminOnly(manager.path);
    await assertAdminOnly(manager.path, "POST");
    await assertAdminOnly(`${manager.path}/${crypto.randomUUID()}`, "PUT");
    await assertAdminOnly(`${manager.path}/${crypto.randomUUID()}`, "DELETE");
  });

  Deno.test(`${name}: created (201, defaults), listed with its ctr, replaced (200), deleted (204), each audited`, async () => {
    const admin = await signedInAdmin();
    const created = await call(manager.path, { token: admin.token, body: manager.minimal });
    assert.equal(created.status, 201, created.text);
    const item = manager.schema.parse(created.json);
    assert.deepEqual(pick(item, manager.created), manager.created);
    assert.equal(item.ctr, 0);

    const listed = await call(manager.path, { token: admin.token });
    assert.equal(listed.status, 200, listed.text);
    const items = manager.schema.array().parse(listed.json);
    assert.deepEqual(items.find((found) => found.id === item.id), item);

    const replaced = await call(`${manager.path}/${item.id}`, {
      method: "PUT",
      token: admin.token,
      body: manager.replacement,
    });
    assert.equal(replaced.status, 200, replaced.text);
    const after = manager.schema.parse(replaced.json);
    assert.equal(after.id, item.id);
    assert.deepEqual(pick(after, manager.replaced), manager.replaced);

    const deleted = await call(`${manager.path}/${item.id}`, { method: "DELETE", token: admin.token });
    assert.equal(deleted.status, 204, deleted.text);
    assertError(await call(`${manager.path}/${item.id}`, { method: "DELETE", token: admin.token }), 404, manager.notFound);

    assert.deepEqual(await auditOf(item.id), [
      { action: `marketing.${manager.table}_created`, actorId: admin.id },
      { action: `marketing.${manager.table}_updated`, actorId: admin.id },
      { action: `marketing.${manager.table}_deleted`, actorId: admin.id },
    ]);
  });

  Deno.test(`${name}: a body that breaks a rule answers 400 naming the field`, async () => {
    const admin = await signedInAdmin();
    const { [manager.required.field]: _, ...without } = manager.minimal;
    assertError(await call(manager.path, { token: admin.token, body: without }), 400, manager.required.message);
    if (manager.urlField) await assertUrlsRefused(admin.token, "POST", manager.path, manager.minimal, manager.urlField);
    assertError(
      await call(manager.path, { token: admin.token, rawBody: "not json" }),
      400,
      "Request body must be JSON",
    );
  });

  Deno.test(`${name}: an unknown or malformed id answers 404`, async () => {
    const admin = await signedInAdmin();
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      const path = `${manager.path}/${id}`;
      assertError(await call(path, { method: "PUT", token: admin.token, body: manager.replacement }), 404, manager.notFound);
      assertError(await call(path, { method: "DELETE", token: admin.token }), 404, manager.notFound);
    }
  });
}

/** The item's values of the expected keys. */
export function pick<Item>(item: Item, expected: Partial<Item>): Partial<Item> {
  return Object.fromEntries(Object.keys(expected).map((key) => [key, item[key as keyof Item]])) as Partial<Item>;
}

export interface SendCase {
  /** The collection, such as /api/campaigns/push-notifications. */
  path: string;
  kind: "email" | "push_notification";
  /** A valid body of an active row whose audience includes the signed-in admin. */
  active: Record<string, unknown>;
  notFound: string;
}

const sendAnswer = (response: Answer) => sendAnswerSchema.parse(response.json);

/** The send and audience tests pushes and emails share, registered under the manager's name. */
export function testSends(name: string, send: SendCase) {
  const create = async (token: string, body: Record<string, unknown>) => {
    const response = await call(send.path, { token, body });
    assert.equal(response.status, 201, response.text);
    return (response.json as { id: string }).id;
  };

  Deno.test(`${name}: send starts a job (202) with the audience's size, audited, and the list shows the send`, async () => {
    const admin = await signedInAdmin();
    const id = await create(admin.token, send.active);
    const audience = await call(`${send.path}/${id}/audience`, { token: admin.token });
    assert.equal(audience.status, 200, audience.text);
    assert.ok(audienceSizeSchema.parse(audience.json).recipients >= 0);

    const started = await call(`${send.path}/${id}/send`, { method: "POST", token: admin.token });
    assert.equal(started.status, 202, started.text);
    const { jobId, recipients } = sendAnswer(started);
    const [job] = await withDatabase((sql) =>
      sql<{ campaign_id: string; total: number }[]>`select campaign_id, total from public.campaign_sends where id = ${jobId}`
    );
    assert.deepEqual(job, { campaign_id: id, total: recipients });
    const sent = send.kind === "email" ? "marketing.email_sent" : "marketing.push_sent";
    assert.ok((await auditOf(id)).some((row) => row.action === sent && row.actorId === admin.id));

    const listed = await call(send.path, { token: admin.token });
    const item = (listed.json as { id: string; send: { jobId: string } | null }[]).find((row) => row.id === id);
    assert.equal(item?.send?.jobId, jobId);
  });

  Deno.test(`${name}: a send while one is under way answers that job again`, async () => {
    const admin = await signedInAdmin();
    const id = await create(admin.token, send.active);
    // A job with no batches: no worker can finish it, so it is still under way when the send is asked again.
    const [job] = await withDatabase((sql) =>
      sql<{ id: string }[]>`
        insert into public.campaign_sends (campaign_type, campaign_id, total) values (${send.kind}, ${id}, 0) returning id
      `
    );
    const again = await call(`${send.path}/${id}/send`, { method: "POST", token: admin.token });
    assert.equal(again.status, 202, again.text);
    assert.deepEqual(sendAnswer(again), { jobId: job!.id, recipients: 0 });
  });

  Deno.test(`${name}: an inactive or already sent campaign is refused (409); an unknown one is not found`, async () => {
    const admin = await signedInAdmin();
    const inactive = await create(admin.token, { ...send.active, isActive: false });
    assertError(
      await call(`${send.path}/${inactive}/send`, { method: "POST", token: admin.token }),
      409,
      "Campaign is not active",
    );
    const done = await create(admin.token, send.active);
    const table = send.kind === "email" ? "email_campaigns" : "push_notifications";
    await withDatabase((sql) => sql`update ${sql(`public.${table}`)} set sent_at = now() where id = ${done}`);
    assertError(await call(`${send.path}/${done}/send`, { method: "POST", token: admin.token }), 409, "Already sent");

    for (const id of [crypto.randomUUID(), "nope"]) {
      assertError(await call(`${send.path}/${id}/send`, { method: "POST", token: admin.token }), 404, send.notFound);
      assertError(await call(`${send.path}/${id}/audience`, { token: admin.token }), 404, send.notFound);
    }
    await assertAdminOnly(`${send.path}/${done}/send`, "POST");
    await assertAdminOnly(`${send.path}/${done}/audience`);
  });
}
