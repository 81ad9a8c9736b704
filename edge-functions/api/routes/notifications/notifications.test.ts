// /api/notifications against the running stack: the inbox as its owner sees it (pages, unread, read, read-all, the
// app's acknowledgement), the push key, browsers' subscriptions on known push services only, and the marketing emails
// switch.
import assert from "node:assert/strict";
import { fakePushSubscription } from "../../testing/marketing-delivery.ts";
import { assertError, call, signedInUser, withDatabase } from "../../testing/stack.ts";

interface Page {
  notifications: { id: string; title: string; readAt: string | null }[];
  unread: number;
  nextBefore: string | null;
}

/** Inbox rows as a push send files them, one a minute apart, oldest first. */
async function inbox(userId: string, count: number): Promise<string[]> {
  return await withDatabase(async (sql) => {
    const rows = await sql<{ id: string }[]>`
      insert into public.user_notifications (user_id, title, body, created_at)
      select ${userId}, 'Note ' || n, 'Body ' || n, now() - make_interval(mins => ${count} - n)
      from generate_series(1, ${count}) as n
      returning id
    `;
    return rows.map((row) => row.id);
  });
}

async function pageOf(token: string, before?: string): Promise<Page> {
  const response = await call(`/api/notifications${before ? `?before=${encodeURIComponent(before)}` : ""}`, { token });
  assert.equal(response.status, 200, response.text);
  return response.json as Page;
}

Deno.test("GET /api/notifications: newest first, 20 a page, with the unread count", async () => {
  const user = await signedInUser();
  await inbox(user.id, 21);
  const first = await pageOf(user.token);
  assert.equal(first.notifications.length, 20);
  assert.equal(first.notifications[0]!.title, "Note 21");
  assert.equal(first.unread, 21);
  assert.ok(first.nextBefore);
  const second = await pageOf(user.token, first.nextBefore!);
  assert.deepEqual(second.notifications.map((n) => n.title), ["Note 1"]);
  assert.equal(second.nextBefore, null);

  assertError(await call("/api/notifications"), 401, "Not authenticated");
  const bad = await call("/api/notifications?before=yesterday", { token: user.token });
  assert.equal(bad.status, 400, bad.text);
  // Another user's inbox is not theirs to see.
  assert.deepEqual((await pageOf((await signedInUser()).token)).notifications, []);
});

Deno.test("POST /api/notifications/{id}/read and /read-all: the owner's alone", async () => {
  const [owner, stranger] = [await signedInUser(), await signedInUser()];
  const [first, second] = await inbox(owner.id, 2);
  const read = await call(`/api/notifications/${first}/read`, { method: "POST", token: owner.token });
  assert.equal(read.status, 204, read.text);
  assert.equal((await pageOf(owner.token)).unread, 1);
  assertError(await call(`/api/notifications/${second}/read`, { method: "POST", token: stranger.token }), 404, "Notification not found");
  assertError(await call("/api/notifications/not-an-id/read", { method: "POST", token: owner.token }), 404, "Notification not found");
  assertError(await call(`/api/notifications/${second}/read`, { method: "POST" }), 401, "Not authenticated");

  const all = await call("/api/notifications/read-all", { method: "POST", token: owner.token });
  assert.equal(all.status, 204, all.text);
  const page = await pageOf(owner.token);
  assert.equal(page.unread, 0);
  assert.ok(page.notifications.every((n) => n.readAt !== null));
});

Deno.test("POST /api/notifications/{id}/delivered: the app's acknowledgement, the owner's alone", async () => {
  const [owner, stranger] = [await signedInUser(), await signedInUser()];
  const [id] = await inbox(owner.id, 1);
  assertError(await call(`/api/notifications/${id}/delivered`, { method: "POST", token: stranger.token }), 404, "Notification not found");
  const acknowledged = await call(`/api/notifications/${id}/delivered`, { method: "POST", token: owner.token });
  assert.equal(acknowledged.status, 204, acknowledged.text);
  const [row] = await withDatabase((sql) => sql<{ delivered: boolean }[]>`
    select delivered_at is not null as delivered from public.user_notifications where id = ${id!}
  `);
  assert.equal(row!.delivered, true);
  assertError(await call(`/api/notifications/${crypto.randomUUID()}/delivered`, { method: "POST", token: owner.token }), 404, "Notification not found");
});

Deno.test("push subscriptions: the VAPID key for anyone, endpoints only on known push services", async () => {
  const config = await call("/api/notifications/push-config");
  assert.equal(config.status, 200, config.text);
  const { vapidPublicKey } = config.json as { vapidPublicKey: string };
  assert.match(vapidPublicKey, /^[A-Za-z0-9_-]{87}$/);

  const user = await signedInUser();
  const subscription = await fakePushSubscription(vapidPublicKey);
  const body = { endpoint: subscription.endpoint, keys: subscription.keys };
  assertError(await call("/api/notifications/push-subscriptions", { body }), 401, "Not authenticated");
  assertError(
    await call("/api/notifications/push-subscriptions", {
      token: user.token,
      body: { ...body, endpoint: "https://push.evil.example/send/1" },
    }),
    400,
    "endpoint must be on a known push service",
  );
  const badKeys = await call("/api/notifications/push-subscriptions", { token: user.token, body: { ...body, keys: { p256dh: "x", auth: "y" } } });
  assert.equal(badKeys.status, 400, badKeys.text);

  assert.equal((await call("/api/notifications/push-subscriptions", { token: user.token, body })).status, 201);
  // The same browser signed in as someone else is theirs now.
  const other = await signedInUser();
  assert.equal((await call("/api/notifications/push-subscriptions", { token: other.token, body })).status, 201);
  const owners = await withDatabase((sql) => sql<{ user_id: string }[]>`
    select user_id from public.push_subscriptions where endpoint = ${subscription.endpoint}
  `);
  assert.deepEqual(owners.map((row) => row.user_id), [other.id]);

  const removed = await call("/api/notifications/push-subscriptions", {
    method: "DELETE",
    token: other.token,
    body: { endpoint: subscription.endpoint },
  });
  assert.equal(removed.status, 204, removed.text);
  const [left] = await withDatabase((sql) => sql<{ count: number }[]>`
    select count(*)::int as count from public.push_subscriptions where endpoint = ${subscription.endpoint}
  `);
  assert.equal(left!.count, 0);
});

Deno.test("GET and PUT /api/notifications/email-subscription: the owner's switch", async () => {
  const user = await signedInUser();
  const read = async () => (await call("/api/notifications/email-subscription", { token: user.token })).json;
  assert.deepEqual(await read(), { subscribed: true });
  const off = await call("/api/notifications/email-subscription", { method: "PUT", token: user.token, body: { subscribed: false } });
  assert.equal(off.status, 200, off.text);
  assert.deepEqual(off.json, { subscribed: false });
  assert.deepEqual(await read(), { subscribed: false });
  assert.deepEqual(
    (await call("/api/notifications/email-subscription", { method: "PUT", token: user.token, body: { subscribed: true } })).json,
    { subscribed: true },
  );
  assertError(
    await call("/api/notifications/email-subscription", { method: "PUT", token: user.token, body: { subscribed: "no" } }),
    400,
    "subscribed: subscribed must be true or false",
  );
  assertError(await call("/api/notifications/email-subscription"), 401, "Not authenticated");
});
