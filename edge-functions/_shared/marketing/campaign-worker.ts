// The campaign worker's run: batches of a push or email send claimed, delivered and completed until the time budget
// runs low, then a successor kicked while work remains. edge-functions/campaign-worker/ serves it; the admin's send
// and the database's schedule (scheduled sends, orphaned batches) kick it.
//
// An email batch is one call to the email provider under the Idempotency-Key email-campaign/{id}/batch/{n}: a batch
// taken over after its worker died mid-send is sent again under the same key, and the provider answers without sending
// twice. A push batch's inbox rows and live broadcast are written by the database when its targets are read (once per
// user, however often the batch is retried); the Web Push to each of their browsers follows.
import { EmailError, sendEmailBatch } from "../email/index.ts";
import { env } from "../env.ts";
import {
  type JobSteps,
  kickInBackground,
  kickWorker,
  type KickSettings,
  runWorkerLoop,
  shouldKickSuccessor,
  type TimeBudget,
  timeBudget,
  type WorkerSummary,
} from "../jobs/index.ts";
import { sendWebPush } from "../push/index.ts";
import { campaignMessage, prepareCampaign } from "./email-message.ts";
import {
  type BatchResult,
  campaignClaimableInMs,
  type ClaimedBatch,
  claimCampaignBatch,
  completeCampaignBatch,
  dropPushSubscription,
  emailBatchRecipients,
  emailCampaignContent,
  pushBatchTargets,
  pushCampaignContent,
  pushDelivered,
  releaseCampaignBatch,
  renewCampaignLease,
  storeEmailLinks,
} from "./privileged.ts";
import { siteUrl } from "./site.ts";
import { signVisitorToken } from "./visitor-token.ts";

/** The worker function's name (edge-functions/campaign-worker, [functions.campaign-worker]). */
export const CAMPAIGN_WORKER = "campaign-worker";

/** A batch's lease: an email batch is one provider call of at most 10 s, renewed meanwhile; this is only how soon a
 * dead worker's batch is taken over. */
export const CAMPAIGN_LEASE_SECONDS = 6;
export const CAMPAIGN_LEASE_RENEW_EVERY_MS = 2_000;
/** A push waits this long at the push service for a browser that is offline. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface CampaignWorkerSummary extends WorkerSummary {
  kickedSuccessor: boolean;
}

async function sendEmailCampaignBatch(batch: ClaimedBatch): Promise<BatchResult> {
  const { subject, content, links: stored } = await emailCampaignContent(batch.campaignId);
  const campaign = prepareCampaign(subject, content);
  // Snapshotted once per send (a campaign is sent once), so link n means the same link in every batch's messages,
  // even if the content is edited during the send.
  // A campaign is sent once, so links stored already are this send's.
  const links = stored.length > 0 ? stored : campaign.links;
  if (stored.length === 0 && links.length > 0) await storeEmailLinks(batch.campaignId, links);
  const recipients = await emailBatchRecipients(batch);
  const settings = { site: siteUrl(), from: env().EMAIL_FROM };
  const messages = recipients.map((recipient) => campaignMessage(campaign, links, recipient, settings));
  let refused = false;
  try {
    await sendEmailBatch(messages, `email-campaign/${batch.campaignId}/batch/${batch.batchNo}`);
  } catch (error) {
    // Refused for good (an address, the provider's rules): the batch fails and the send goes on. Anything worth
    // retrying is thrown, and the batch is given back.
    if (!(error instanceof EmailError) || error.reason === "unavailable" || error.reason === "not_configured") throw error;
    console.error(`Email campaign ${batch.campaignId} batch ${batch.batchNo} was refused:`, error.message);
    refused = true;
  }
  return { failedUserIds: refused ? recipients.map((recipient) => recipient.userId) : [] };
}

async function sendPushCampaignBatch(batch: ClaimedBatch): Promise<BatchResult> {
  const push = await pushCampaignContent(batch.campaignId);
  const targets = await pushBatchTargets(batch);
  for (const target of targets) {
    // The notification opens the click redirect, which attributes the click to its user.
    const token = await signVisitorToken({ userId: target.userId, sessionId: null, page: null }, env().WORKER_SECRET);
    const payload = JSON.stringify({
      id: target.notificationId,
      title: push.title,
      body: push.message,
      icon: push.icon,
      url: push.actionUrl ? `/api/campaign-delivery/click/push_notification/${batch.campaignId}?v=${token}` : null,
    });
    let taken = false;
    for (const subscription of target.subscriptions) {
      const sent = await sendWebPush(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        { ttlSeconds: PUSH_TTL_SECONDS, urgency: "normal" },
      );
      if (sent.outcome === "sent") taken = true;
      else if (sent.outcome === "gone") await dropPushSubscription(subscription.endpoint);
      else console.error(`A push of ${batch.campaignId} was not taken: ${sent.reason}`);
    }
    if (taken) await pushDelivered(batch.campaignId, target.userId);
  }
  // Every target has the notification in their inbox; a browser the push service did not take is not a failure.
  return { failedUserIds: [] };
}

function campaignSteps(worker: string): JobSteps<ClaimedBatch, BatchResult> {
  return {
    claim: () => claimCampaignBatch(worker, CAMPAIGN_LEASE_SECONDS),
    process: (batch) => batch.campaignType === "email" ? sendEmailCampaignBatch(batch) : sendPushCampaignBatch(batch),
    complete: (batch, results) => completeCampaignBatch(batch, worker, results),
    release: (batch, reason) => {
      console.error(`Campaign send ${batch.sendId} batch ${batch.batchNo} is given back: ${reason}`);
      return releaseCampaignBatch(batch, worker);
    },
    renewal: {
      everyMs: CAMPAIGN_LEASE_RENEW_EVERY_MS,
      renew: (batch) => renewCampaignLease(batch, worker, CAMPAIGN_LEASE_SECONDS),
    },
    claimableInMs: campaignClaimableInMs,
  };
}

function kickSettings(): KickSettings {
  return { supabaseUrl: env().SUPABASE_URL, secret: env().WORKER_SECRET };
}

/** One worker run, from the first claim to the successor's kick. */
export async function runCampaignWorker(budget: TimeBudget = timeBudget()): Promise<CampaignWorkerSummary> {
  const summary = await runWorkerLoop(campaignSteps(crypto.randomUUID()), budget);
  const kickedSuccessor = await shouldKickSuccessor(summary, async () => await campaignClaimableInMs() !== null) &&
    await kickWorker(CAMPAIGN_WORKER, kickSettings());
  return { ...summary, kickedSuccessor };
}

/** Workers started for a send just queued: with two, one that dies leaves the other to take its batch over when the
 * lease ends, instead of the send waiting for the schedule's next kick. A kick that finds no worker is logged. */
export const WORKERS_PER_SEND = 2;

/** Starts the workers for a send just queued, past the answer to the admin. */
export function startCampaignWorkers(): void {
  for (let n = 0; n < WORKERS_PER_SEND; n++) void kickInBackground(CAMPAIGN_WORKER, kickSettings());
}
