// The webhook-worker's run: each unit is one due delivery, claimed under a lease, signed with its owner's secret and
// POSTed once (deliver.ts); the attempt is logged with the lease checked and the delivery becomes delivered, failed,
// or pending until the retry schedule's next time. A worker that dies mid-attempt loses nothing: the lease runs out and
// the delivery is claimed again (a receiver de-duplicates by MailScout-Delivery). Retries hours off are the schedule's
// to kick, so the loop stops at the first empty claim.
import { absoluteLink } from "../marketing/site.ts";
import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_SIGNATURE_HEADER, WEBHOOK_TIMEOUT_MS } from "../contracts/api-keys.ts";
import { webhookEventSchema } from "../integrations/contract.ts";
import { env } from "../env.ts";
import { kickInBackground, type KickSettings, runWorkerLoop, type TimeBudget, timeBudget, type WorkerSummary } from "../jobs/index.ts";
import { callbackDnsClient } from "./callback-url.ts";
import { type AttemptOutcome, attemptDelivery, type DeliveryNetwork, webhookTransport } from "./deliver.ts";
import { type ClaimedDelivery, claimDelivery, recordAttempt } from "./privileged-queue.ts";
import { nextAttemptAt } from "./schedule.ts";
import { signingSecretOf } from "./secrets.ts";
import { signatureHeader } from "./signature.ts";

/** The worker function's name (edge-functions/webhook-worker, [functions.webhook-worker]). */
export const WEBHOOK_WORKER = "webhook-worker";

/** An attempt ends within WEBHOOK_TIMEOUT_MS; the lease outlasts it with room for the DNS check and the record. */
export const WEBHOOK_LEASE_SECONDS = WEBHOOK_TIMEOUT_MS / 1000 + 20;

/** The body as sent: the stored event in the contract's order, its resultsUrl made absolute on the site. */
export function webhookBody(payload: Record<string, unknown>): string {
  const event = webhookEventSchema.parse(payload);
  return JSON.stringify({ ...event, resultsUrl: event.resultsUrl === null ? null : absoluteLink(event.resultsUrl) });
}

async function attempt(network: DeliveryNetwork, delivery: ClaimedDelivery): Promise<AttemptOutcome> {
  const body = webhookBody(delivery.payload);
  const { secret } = await signingSecretOf(delivery.userId);
  const signature = await signatureHeader(secret, body, Math.floor(Date.now() / 1000));
  return await attemptDelivery(network, {
    url: delivery.url,
    body,
    headers: { [WEBHOOK_SIGNATURE_HEADER]: signature, [WEBHOOK_DELIVERY_HEADER]: delivery.deliveryId },
  });
}

async function deliveryNetwork(): Promise<DeliveryNetwork> {
  const settings = env();
  return {
    dns: callbackDnsClient(),
    transport: await webhookTransport({ proxy: settings.OUTBOUND_HTTP_PROXY, caFile: settings.OUTBOUND_CA_FILE }),
  };
}

/** One worker run: deliveries due now, one attempt each, until none is due or the budget runs low. */
export async function runWebhookWorker(budget: TimeBudget = timeBudget()): Promise<WorkerSummary> {
  const network = await deliveryNetwork();
  return await runWorkerLoop<ClaimedDelivery, AttemptOutcome>({
    claim: () => claimDelivery(WEBHOOK_LEASE_SECONDS),
    process: (delivery) => attempt(network, delivery),
    complete: (delivery, outcome) => recordAttempt(delivery, outcome, nextAttempt(delivery, outcome)),
    // Signing failed (the keyring, the database for a moment): the lease runs out and the delivery is claimed again.
    release: (delivery, reason) => {
      console.error(`Webhook delivery ${delivery.deliveryId} is given back: ${reason}`);
      return Promise.resolve();
    },
  }, budget);
}

function nextAttempt(delivery: ClaimedDelivery, outcome: AttemptOutcome): Date | null {
  return outcome.delivered ? null : nextAttemptAt(delivery.attempt, new Date());
}

function kickSettings(): KickSettings {
  return { supabaseUrl: env().SUPABASE_URL, secret: env().WORKER_SECRET };
}

/** Starts a worker for a delivery just queued (a redelivery), past the answer; the schedule kicks again if lost. */
export function startWebhookWorker(): void {
  void kickInBackground(WEBHOOK_WORKER, kickSettings());
}
