// Marketing's SQL functions that reach past RLS (the delivery and send migrations), called on the functions' own
// connection: visitors and recipients are not signed in (or act on rows they may not write), and the campaign worker
// is nobody. The only module of this feature that imports the privileged pool.
import { database } from "../db/pool.ts";
import { DomainError } from "../errors.ts";
import type { RefusalTable } from "../db/refusals.ts";
import { withRefusals } from "../db/refusals.ts";
import type { DeliveredType, VisitorAction } from "./contract.ts";
import type { Visitor } from "./visitor.ts";

/** The database's refusals of a visitor's event or click. */
const campaignRefusals: RefusalTable = (found) => {
  if (found.code === "P0404" && found.message === "campaign_not_found") return new DomainError("campaign_not_found");
  if (found.code === "P0409" && found.message === "campaign_not_active") return new DomainError("campaign_not_active");
  return null;
};

function visitorFields(visitor: Visitor) {
  return {
    userId: visitor.userId,
    sessionId: visitor.sessionId,
    ip: visitor.network,
    userAgent: visitor.userAgent,
  };
}

export interface DeliveryRequest {
  page: string;
  after: VisitorAction[];
  visit: string | null;
}

/** What private.campaign_delivery answers: the DeliveryAnswer with bare click paths. */
export async function campaignDelivery(visitor: Visitor, request: DeliveryRequest): Promise<unknown> {
  const [row] = await database()<{ answer: unknown }[]>`
    select private.campaign_delivery(
      ${visitor.userId}, ${visitor.sessionId}, ${request.page}, ${request.after}::text[], ${request.visit}
    ) as answer
  `;
  return row!.answer;
}

export interface EventRecord {
  campaignType: DeliveredType;
  campaignId: string;
  eventType: string;
  page: string | null;
  visit: string | null;
}

/** Stores a visitor's event: 'stored', 'duplicate' or 'ignored' (tracking off). */
export async function recordCampaignEvent(visitor: Visitor, event: EventRecord): Promise<string> {
  const { visit, ...fields } = event;
  const record = { ...visitorFields(visitor), ...fields, visitId: visit };
  return await withRefusals(campaignRefusals, async () => {
    const [row] = await database()<{ answer: string }[]>`
      select private.record_campaign_event(${database().json(record as never)}) as answer
    `;
    return row!.answer;
  });
}

/** Records the click (when tracking is on) and answers the campaign's stored link, or null without one. */
export async function recordCampaignClick(
  visitor: Visitor,
  click: { campaignType: DeliveredType; campaignId: string; page: string | null },
): Promise<string | null> {
  const record = { ...visitorFields(visitor), ...click };
  return await withRefusals(campaignRefusals, async () => {
    const [row] = await database()<{ url: string | null }[]>`
      select private.record_campaign_click(${database().json(record as never)}) as url
    `;
    return row!.url;
  });
}

/** A sign-up's conversion for the visitor's last campaign click, if any. */
export async function recordConversion(userId: string, sessionId: string | null, revenueCents: number): Promise<void> {
  await database()`select private.record_conversion(${userId}, ${sessionId}, ${revenueCents})`;
}

// Notifications and subscriptions ---------------------------------------------------------------------------------------

/** Marks the user's notification delivered (the app got it); false when it is not theirs or not there. */
export async function acknowledgeNotification(userId: string, notificationId: string): Promise<boolean> {
  const [row] = await database()<{ done: boolean }[]>`
    select private.acknowledge_notification(${userId}, ${notificationId}) as done
  `;
  return row!.done;
}

export interface SubscriptionRecord {
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/**
 * Files the browser's subscription under the user. An endpoint belongs to one browser: when another account signed in
 * there before, its row goes, or that account would get this one's pushes. Holding the endpoint proves the browser.
 */
export async function saveSubscription(userId: string, subscription: SubscriptionRecord): Promise<void> {
  await database().begin(async (sql) => {
    await sql`delete from public.push_subscriptions where endpoint = ${subscription.endpoint} and user_id <> ${userId}`;
    await sql`
      insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
      values (${userId}, ${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth}, ${subscription.userAgent})
      on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent
    `;
  });
}

export async function marketingEmailsSubscribed(userId: string): Promise<boolean> {
  const [row] = await database()<{ subscribed: boolean }[]>`
    select private.marketing_emails_subscribed(${userId}) as subscribed
  `;
  return row!.subscribed;
}

export async function setMarketingEmails(userId: string, subscribed: boolean): Promise<void> {
  await database()`select private.set_marketing_emails(${userId}, ${subscribed})`;
}

// Email tracking --------------------------------------------------------------------------------------------------------

export async function emailOpen(token: string): Promise<void> {
  await database()`select private.email_open(${token})`;
}

/** The recipient's click on link n: its stored link, or null (unknown token or link). */
export async function emailClick(token: string, linkNo: number): Promise<string | null> {
  const [row] = await database()<{ url: string | null }[]>`select private.email_click(${token}, ${linkNo}) as url`;
  return row!.url;
}

/** Suppresses the recipient's address for good; false for an unknown token. */
export async function emailUnsubscribe(token: string): Promise<boolean> {
  const [row] = await database()<{ done: boolean }[]>`select private.email_unsubscribe(${token}) as done`;
  return row!.done;
}

/** Whether the token names a recipient, and whether they already unsubscribed. */
export async function emailRecipientState(token: string): Promise<{ unsubscribed: boolean } | null> {
  const [row] = await database()<{ unsubscribed: boolean }[]>`
    select r.unsubscribed_at is not null as unsubscribed from public.email_recipients r where r.token = ${token}
  `;
  return row ?? null;
}

// The campaign worker's queue -------------------------------------------------------------------------------------------

export interface ClaimedBatch {
  sendId: string;
  batchNo: number;
  campaignType: "email" | "push_notification";
  campaignId: string;
}

export async function claimCampaignBatch(worker: string, leaseSeconds: number): Promise<ClaimedBatch | null> {
  const [row] = await database()<{
    send_id: string;
    batch_no: number;
    campaign_type: "email" | "push_notification";
    campaign_id: string;
  }[]>`select * from private.claim_campaign_batch(${worker}, ${leaseSeconds})`;
  if (!row) return null;
  return { sendId: row.send_id, batchNo: row.batch_no, campaignType: row.campaign_type, campaignId: row.campaign_id };
}

/** What a batch produced: the email recipients the provider refused (the others were sent). */
export interface BatchResult {
  failedUserIds: string[];
}

/** Stores the batch's results and the send's progress; false when the lease was lost (nothing written). */
export async function completeCampaignBatch(batch: ClaimedBatch, worker: string, results: BatchResult): Promise<boolean> {
  const [row] = await database()<{ stored: boolean }[]>`
    select private.complete_campaign_batch(
      ${batch.sendId}, ${batch.batchNo}, ${worker}, ${database().json(results as never)}
    ) as stored
  `;
  return row!.stored;
}

/** Gives the batch back for another attempt (the database gives it up after its third). */
export async function releaseCampaignBatch(batch: ClaimedBatch, worker: string): Promise<void> {
  await database()`select private.release_campaign_batch(${batch.sendId}, ${batch.batchNo}, ${worker})`;
}

export async function renewCampaignLease(batch: ClaimedBatch, worker: string, seconds: number): Promise<boolean> {
  const [row] = await database()<{ renewed: boolean }[]>`
    select private.renew_campaign_lease(${batch.sendId}, ${batch.batchNo}, ${worker}, ${seconds}) as renewed
  `;
  return row!.renewed;
}

/** Milliseconds until a batch may be claimed (0: now), or null when none waits or is leased. */
export async function campaignClaimableInMs(): Promise<number | null> {
  const [row] = await database()<{ ms: number | null }[]>`select private.campaign_claimable_in_ms() as ms`;
  return row!.ms;
}

export interface EmailCampaignContent {
  subject: string;
  content: string;
  /** The links snapshotted by the send's first batch; none before it. */
  links: string[];
}

export async function emailCampaignContent(campaignId: string): Promise<EmailCampaignContent> {
  const [row] = await database()<EmailCampaignContent[]>`
    select subject, content, links from public.email_campaigns where id = ${campaignId}
  `;
  if (!row) throw new Error(`Email campaign ${campaignId} is gone`);
  return row;
}

export async function storeEmailLinks(campaignId: string, links: string[]): Promise<void> {
  await database()`select private.store_email_links(${campaignId}, ${links}::text[])`;
}

export interface EmailRecipient {
  userId: string;
  email: string;
  token: string;
}

export async function emailBatchRecipients(batch: ClaimedBatch): Promise<EmailRecipient[]> {
  const rows = await database()<{ user_id: string; email: string; token: string }[]>`
    select * from private.email_batch_recipients(${batch.sendId}, ${batch.batchNo})
  `;
  return rows.map((row) => ({ userId: row.user_id, email: row.email, token: row.token }));
}

export interface PushCampaignContent {
  title: string;
  message: string;
  icon: string | null;
  actionUrl: string | null;
}

export async function pushCampaignContent(pushId: string): Promise<PushCampaignContent> {
  const [row] = await database()<PushCampaignContent[]>`
    select title, message, icon, action_url as "actionUrl" from public.push_notifications where id = ${pushId}
  `;
  if (!row) throw new Error(`Push notification ${pushId} is gone`);
  return row;
}

export interface PushTarget {
  userId: string;
  notificationId: string;
  subscriptions: { endpoint: string; p256dh: string; auth: string }[];
}

/** The batch's targets; the call itself files their inbox rows and broadcasts them live. */
export async function pushBatchTargets(batch: ClaimedBatch): Promise<PushTarget[]> {
  const rows = await database()<{
    user_id: string;
    notification_id: string;
    subscriptions: PushTarget["subscriptions"] | null;
  }[]>`select * from private.push_batch_targets(${batch.sendId}, ${batch.batchNo})`;
  return rows.map((row) => ({
    userId: row.user_id,
    notificationId: row.notification_id,
    subscriptions: row.subscriptions ?? [],
  }));
}

export async function pushDelivered(pushId: string, userId: string): Promise<void> {
  await database()`select private.push_delivered(${pushId}, ${userId})`;
}

export async function dropPushSubscription(endpoint: string): Promise<void> {
  await database()`select private.drop_push_subscription(${endpoint})`;
}

/** The marketing switches, read the one way the database's delivery and sends read them. */
export async function storedMarketingSettings(): Promise<unknown> {
  const [row] = await database()<{ settings: unknown }[]>`select private.marketing_settings() as settings`;
  return row!.settings;
}
