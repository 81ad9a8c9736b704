// What the marketing api tests share: campaigns arranged in the database (as the admin's endpoints would store them),
// sends started by the database's own start function and trimmed to the test's users (the rest of the stack's users
// belong to other tests), the campaign worker run as a kick runs it, and the fake push service's controls.
import assert from "node:assert/strict";
import type postgres from "postgres";
import { gateway, requiredEnv, withDatabase } from "./stack.ts";
import { runWorker } from "./bulk.ts";

export const CAMPAIGN_WORKER_URL = `${gateway}/functions/v1/campaign-worker`;

/** One campaign-worker run to its end: its summary. */
export async function runCampaignWorker(): Promise<Record<string, unknown>> {
  return await runWorker(CAMPAIGN_WORKER_URL);
}

export async function emailCampaign(subject: string, content: string): Promise<string> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.email_campaigns (name, subject, content, is_active) values (${subject}, ${subject}, ${content}, true)
      returning id
    `;
    return row!.id;
  });
}

export async function pushNotification(title: string, actionUrl: string | null): Promise<string> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.push_notifications (title, message, action_url, is_active)
      values (${title}, ${`${title}: the message`}, ${actionUrl}, true)
      returning id
    `;
    return row!.id;
  });
}

/**
 * Starts the send as the admin's button does, then keeps only `users` of its audience, in one batch: the stack's other
 * accounts belong to other tests. Answers the send's job id.
 */
export async function startSendTo(type: "email" | "push_notification", campaignId: string, users: string[]): Promise<string> {
  return await withDatabase((sql) =>
    sql.begin(async (tx) => {
      const [send] = await tx<{ job_id: string }[]>`select job_id from private.begin_campaign_send(${type}, ${campaignId})`;
      const jobId = send!.job_id;
      await tx`delete from public.campaign_send_batches where send_id = ${jobId}`;
      if (type === "email") {
        await tx`delete from public.email_recipients where email_campaign_id = ${campaignId} and not (user_id = any (${users}::uuid[]))`;
        await tx`update public.email_recipients set batch_no = 0 where email_campaign_id = ${campaignId}`;
        const [counted] = await tx<{ count: number }[]>`
          select count(*)::int as count from public.email_recipients where email_campaign_id = ${campaignId}
        `;
        await tx`insert into public.campaign_send_batches (send_id, batch_no, size) values (${jobId}, 0, ${counted!.count})`;
        await tx`update public.campaign_sends set total = ${counted!.count} where id = ${jobId}`;
      } else {
        await tx`
          insert into public.campaign_send_batches (send_id, batch_no, user_ids, size)
          values (${jobId}, 0, ${users}::uuid[], ${users.length})
        `;
        await tx`update public.campaign_sends set total = ${users.length} where id = ${jobId}`;
      }
      return jobId;
    }) as Promise<string>
  );
}

export interface SendState {
  status: string;
  processed: number;
  attempts: number[];
}

export async function sendState(jobId: string, sql?: postgres.Sql): Promise<SendState> {
  const read = async (db: postgres.Sql) => {
    const [send] = await db<{ status: string; processed: number }[]>`
      select status, processed from public.campaign_sends where id = ${jobId}
    `;
    const batches = await db<{ attempts: number }[]>`
      select attempts from public.campaign_send_batches where send_id = ${jobId} order by batch_no
    `;
    return { status: send!.status, processed: send!.processed, attempts: batches.map((batch) => batch.attempts) };
  };
  return sql ? await read(sql) : await withDatabase(read);
}

export async function emailOf(userId: string): Promise<string> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ email: string }[]>`select email from auth.users where id = ${userId}`;
    return row!.email;
  });
}

/** The user's tracking token in the campaign's send. */
export async function recipientToken(campaignId: string, userId: string): Promise<string> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ token: string }[]>`
      select token from public.email_recipients where email_campaign_id = ${campaignId} and user_id = ${userId}
    `;
    return row!.token;
  });
}

// The fake push service -------------------------------------------------------------------------------------------------

const pushService = () => requiredEnv("PUSH_SERVICE_URL").replace(/\/+$/, "");

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A subscription as a browser makes one for the application server key. */
export async function fakePushSubscription(applicationServerKey: string): Promise<FakeSubscription> {
  const response = await fetch(`${pushService()}/_fake/subscriptions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ applicationServerKey }),
  });
  const text = await response.text();
  assert.equal(response.status, 201, text);
  return JSON.parse(text);
}

/** What reached the subscription, decrypted. */
export async function pushMessages(subscription: FakeSubscription): Promise<{ payload: string }[]> {
  const response = await fetch(`${pushService()}/_fake/messages?subscription=${subscription.id}`);
  const text = await response.text();
  assert.equal(response.status, 200, text);
  return JSON.parse(text).messages;
}

/** An active banner ad of the admin's banner manager. */
export async function bannerAd(
  fields: { targetUrl: string | null; placement?: string; isActive?: boolean; priority?: number },
): Promise<string> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ id: string }[]>`
      insert into public.banner_ads (title, content, target_url, placement, is_active, priority)
      values (${`Banner ${crypto.randomUUID().slice(0, 8)}`}, 'Try it', ${fields.targetUrl}, ${fields.placement ?? "footer"},
        ${fields.isActive ?? true}, ${fields.priority ?? 10})
      returning id
    `;
    return row!.id;
  });
}

/** Runs `work` with a marketing setting switched, then restores it. */
export async function withMarketingSetting<T>(key: string, value: "true" | "false", work: () => Promise<T>): Promise<T> {
  const set = (to: string) =>
    withDatabase((sql) => sql`update public.admin_settings set setting_value = ${to} where setting_key = ${key}`);
  const [before] = await withDatabase((sql) =>
    sql<{ setting_value: string }[]>`select setting_value from public.admin_settings where setting_key = ${key}`
  );
  await set(value);
  try {
    return await work();
  } finally {
    await set(before!.setting_value);
  }
}

/** The campaign's events of a kind, as stored. */
export async function campaignEvents(campaignId: string, eventType: string) {
  return await withDatabase((sql) => sql<{ user_id: string | null; session_id: string | null; ip_address: string | null; page: string | null }[]>`
    select user_id, session_id, host(ip_address) as ip_address, page from public.campaign_analytics
    where campaign_id = ${campaignId} and event_type = ${eventType}
  `);
}
