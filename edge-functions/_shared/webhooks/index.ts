// Webhooks: a job's end POSTed to its callbackUrl, signed with the owner's secret, retried on a schedule, every attempt
// logged. Other folders reach webhooks through this file only.
export { callbackTarget, checkCallbackUrl } from "./callback-url.ts";
export { signatureHeader, verifySignature } from "./signature.ts";
export { nextAttemptAt } from "./schedule.ts";
export { redeliver, webhookDeliveries } from "./deliveries.ts";
export { regenerateSigningSecret, type SigningSecret, signingSecretOf } from "./secrets.ts";
export { runWebhookWorker, startWebhookWorker, WEBHOOK_WORKER, webhookBody } from "./worker.ts";
