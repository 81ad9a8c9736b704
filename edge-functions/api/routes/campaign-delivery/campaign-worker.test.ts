// The campaign worker against the running stack: an email send lands one message per recipient in the mail catcher
// with the one-click unsubscribe headers, a worker killed mid-send sends nobody a second copy (the provider's
// Idempotency-Key), an unsubscribed user is left out of the next send, and a push reaches the fake push service and
// counts as delivered.
import assert from "node:assert/strict";
import postgres from "postgres";
import { pollUntil, workerProcesses } from "../../testing/bulk.ts";
import { headersOf, type Mail, mailsTo } from "../../testing/mail.ts";
import {
  CAMPAIGN_WORKER_URL,
  emailCampaign,
  emailOf,
  fakePushSubscription,
  pushMessages,
  pushNotification,
  recipientToken,
  runCampaignWorker,
  sendState,
  startSendTo,
} from "../../testing/marketing-delivery.ts";
import { call, requiredEnv, signedInUser, withDatabase } from "../../testing/stack.ts";

const CONTENT = `<h1>News</h1><p>Read <a href="https://example.com/news">the news</a>.</p>`;

async function threeUsers() {
  const users = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
  return await Promise.all(users.map(async (user) => ({ ...user, email: await emailOf(user.id) })));
}

async function mailsWithSubject(email: string, subject: string): Promise<Mail[]> {
  return (await mailsTo(email)).filter((mail) => mail.subject === subject);
}

Deno.test("an email campaign sent to 3 users lands 3 messages with one-click unsubscribe", async () => {
  const users = await threeUsers();
  const subject = `News ${crypto.randomUUID()}`;
  const campaignId = await emailCampaign(subject, CONTENT);
  const jobId = await startSendTo("email", campaignId, users.map((user) => user.id));
  await runCampaignWorker();

  for (const user of users) {
    const mails = await mailsWithSubject(user.email, subject);
    assert.equal(mails.length, 1, `one message to ${user.email}`);
    const token = await recipientToken(campaignId, user.id);
    const headers = await headersOf(mails[0]!);
    assert.match(headers["List-Unsubscribe"]!, new RegExp(`^<https?://[^>]+/api/email/unsubscribe/${token}>$`));
    assert.equal(headers["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    assert.match(mails[0]!.text, new RegExp(`/api/email/click/${token}/0`));
  }
  assert.deepEqual(await sendState(jobId), { status: "completed", processed: 3, attempts: [1] });
  const [campaign] = await withDatabase((sql) => sql<{ sent_count: number; links: string[]; sent: boolean }[]>`
    select sent_count::int, links, sent_at is not null as sent from public.email_campaigns where id = ${campaignId}
  `);
  assert.deepEqual(campaign, { sent_count: 3, links: ["https://example.com/news"], sent: true });
});

Deno.test("a worker process killed mid-send sends nobody a second copy: the batch is taken over and not sent again", async () => {
  const users = await threeUsers();
  const subject = `Killed ${crypto.randomUUID()}`;
  const campaignId = await emailCampaign(subject, CONTENT);
  const jobId = await startSendTo("email", campaignId, users.map((user) => user.id));
  const victims = await workerProcesses("campaign-worker");

  // Holding the send's row keeps the worker from completing its batch after the provider took it: the worker is
  // caught between the send and its record of it, where a crash costs a resend.
  const holder = postgres(requiredEnv("SUPABASE_DB_URL"), { max: 1, onnotice: () => {} });
  try {
    const [locked, release] = [Promise.withResolvers<void>(), Promise.withResolvers<void>()];
    const holding = holder.begin(async (sql) => {
      await sql`select id from public.campaign_sends where id = ${jobId} for update`;
      locked.resolve();
      await release.promise;
    });
    await locked.promise;
    const kicked = fetch(CAMPAIGN_WORKER_URL, {
      method: "POST",
      headers: { "x-worker-secret": requiredEnv("WORKER_SECRET"), "content-type": "application/json" },
      body: "{}",
    }).then((response) => response.body?.cancel(), () => undefined);

    await pollUntil(async () => {
      const arrived = await Promise.all(users.map((user) => mailsWithSubject(user.email, subject)));
      return arrived.every((mails) => mails.length === 1) ? true : undefined;
    }, () => "the first batch did not reach the mail catcher");
    const blocked = await pollUntil(async () => {
      const rows = await withDatabase((sql) => sql<{ pid: number }[]>`
        select pid from pg_stat_activity where wait_event_type = 'Lock' and query like '%complete_campaign_batch%'
      `);
      return rows.length > 0 ? rows : undefined;
    }, () => "the worker did not reach the completion of its batch");

    for (const victim of victims) Deno.kill(victim.pid, "SIGKILL");
    // The dead process's connection goes with it.
    await withDatabase(async (sql) => {
      for (const { pid } of blocked) await sql`select pg_terminate_backend(${pid})`;
    });
    release.resolve();
    await holding;
    await kicked;
  } finally {
    await holder.end();
  }

  // devstack starts the killed processes again; the next run waits out the dead worker's lease and takes it over.
  await pollUntil(async () => {
    const now = await workerProcesses("campaign-worker");
    return now.every((process, n) => process.restarts > victims[n]!.restarts) ? true : undefined;
  }, () => "the killed worker processes were not started again");
  await pollUntil(async () => {
    await runCampaignWorker();
    return (await sendState(jobId)).status === "completed" ? true : undefined;
  }, () => "the send did not complete");

  assert.deepEqual(await sendState(jobId), { status: "completed", processed: 3, attempts: [2] });
  for (const user of users) {
    assert.equal((await mailsWithSubject(user.email, subject)).length, 1, `still one message to ${user.email}`);
  }
});

Deno.test("after a one-click unsubscribe, the next campaign reaches the others only", async () => {
  const users = await threeUsers();
  const first = await emailCampaign(`First ${crypto.randomUUID()}`, CONTENT);
  await startSendTo("email", first, users.map((user) => user.id));
  await runCampaignWorker();
  const token = await recipientToken(first, users[0]!.id);
  const unsubscribed = await call(`/api/email/unsubscribe/${token}`, {
    rawBody: "List-Unsubscribe=One-Click",
    contentType: "application/x-www-form-urlencoded",
  });
  assert.equal(unsubscribed.status, 200, unsubscribed.text);

  const subject = `Second ${crypto.randomUUID()}`;
  const second = await emailCampaign(subject, CONTENT);
  const jobId = await startSendTo("email", second, users.map((user) => user.id));
  await runCampaignWorker();
  assert.deepEqual(await sendState(jobId), { status: "completed", processed: 2, attempts: [1] });
  const counts = await Promise.all(users.map(async (user) => (await mailsWithSubject(user.email, subject)).length));
  assert.deepEqual(counts, [0, 1, 1]);
});

Deno.test("a push reaches the user's browser through the push service and counts as delivered", async () => {
  const user = await signedInUser();
  const config = await call("/api/notifications/push-config");
  const { vapidPublicKey } = config.json as { vapidPublicKey: string };
  const subscription = await fakePushSubscription(vapidPublicKey);
  const subscribed = await call("/api/notifications/push-subscriptions", {
    token: user.token,
    body: { endpoint: subscription.endpoint, keys: subscription.keys },
  });
  assert.equal(subscribed.status, 201, subscribed.text);

  const title = `Push ${crypto.randomUUID().slice(0, 8)}`;
  const pushId = await pushNotification(title, "https://example.com/offer");
  const jobId = await startSendTo("push_notification", pushId, [user.id]);
  await runCampaignWorker();

  const [message] = await pushMessages(subscription);
  const payload = JSON.parse(message!.payload);
  assert.equal(payload.title, title);
  assert.match(payload.url, new RegExp(`^/api/campaign-delivery/click/push_notification/${pushId}\\?v=`));
  assert.deepEqual(await sendState(jobId), { status: "completed", processed: 1, attempts: [1] });
  const [push] = await withDatabase((sql) => sql<{ delivered_count: number }[]>`
    select delivered_count::int from public.push_notifications where id = ${pushId}
  `);
  assert.equal(push!.delivered_count, 1);

  const inbox = await call("/api/notifications", { token: user.token });
  assert.equal(inbox.status, 200, inbox.text);
  assert.equal((inbox.json as { unread: number }).unread, 1);
});
