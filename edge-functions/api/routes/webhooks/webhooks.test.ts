// Webhooks end to end against the test stack: a job's end reaches the local HTTPS receiver behind the fixture proxy,
// signed with the owner's secret (checked here as a receiver checks it); a 500 is retried on the schedule (the clock
// moved in SQL, not waited for); a callback whose name resolves into private space is refused at delivery with
// nothing sent; redelivery and a regenerated secret; the routes' refusals.
import assert from "node:assert/strict";
import {
  WEBHOOK_RETRY_SECONDS,
  type WebhookDelivery,
  webhookDeliveryPageSchema,
  webhookSecretSchema,
} from "../../../_shared/contracts/api-keys.ts";
import {
  bulkJobAcceptedSchema,
  integrationsErrorSchema,
  jobStatusSchema,
  webhookEventSchema,
} from "../../../_shared/contracts/integrations.ts";
import type { ReceivedWebhook } from "../../../_shared/webhooks/testing/receiver.ts";
import { verifySignature } from "../../../_shared/webhooks/index.ts";
import { pollUntil, runWorker, sendPart, startUpload, uploadAnswer } from "../../testing/bulk.ts";
import { callIntegrations, newApiKey } from "../../testing/integrations.ts";
import { assertError, call, gateway, requiredEnv, signedInUser, withDatabase } from "../../testing/stack.ts";

const WEBHOOK_WORKER_URL = `${gateway}/functions/v1/webhook-worker`;
const RECEIVER = "https://pinned.test";

async function received(): Promise<ReceivedWebhook[]> {
  const response = await fetch(`${requiredEnv("OUTBOUND_HTTP_PROXY")}/webhooks`);
  return await response.json();
}

async function proxiedTargets(): Promise<string[]> {
  const response = await fetch(`${requiredEnv("OUTBOUND_HTTP_PROXY")}/requests`);
  return ((await response.json()) as { target: string }[]).map((request) => request.target);
}

/** The receiver's requests carrying this delivery id, once there are `count` of them. */
async function receivedFor(deliveryId: string, count = 1): Promise<ReceivedWebhook[]> {
  let seen: ReceivedWebhook[] = [];
  return await pollUntil(async () => {
    seen = (await received()).filter((request) => request.headers["mailscout-delivery"] === deliveryId);
    return seen.length >= count ? seen : undefined;
  }, () => `delivery ${deliveryId} did not reach the receiver ${count} times (${seen.length})`);
}

async function secretOf(token: string): Promise<string> {
  const response = await call("/api/webhooks/secret", { token });
  assert.equal(response.status, 200, response.text);
  assert.equal(response.headers.get("cache-control"), "no-store");
  return webhookSecretSchema.parse(response.json).secret;
}

async function deliveriesOf(token: string): Promise<WebhookDelivery[]> {
  const response = await call("/api/webhooks/deliveries", { token });
  assert.equal(response.status, 200, response.text);
  return webhookDeliveryPageSchema.parse(response.json).deliveries;
}

/** Polls the owner's delivery of the job until `done` holds, running the worker meanwhile as a kick would. */
async function deliveryOfJob(
  token: string,
  jobId: string,
  done: (delivery: WebhookDelivery) => boolean,
): Promise<WebhookDelivery> {
  let last: WebhookDelivery | undefined;
  return await pollUntil(async () => {
    last = (await deliveriesOf(token)).find((delivery) => delivery.jobId === jobId);
    if (last && done(last)) return last;
    await runWorker(WEBHOOK_WORKER_URL);
    return undefined;
  }, () => `the delivery of job ${jobId} did not settle: ${JSON.stringify(last)}`);
}

/** A job of the user that ends now, completed, with this callback (what a validate-bulk job's end does). */
async function endedJob(userId: string, callbackUrl: string): Promise<string> {
  return await withDatabase(async (sql) => {
    const [job] = await sql<{ id: string }[]>`
      insert into public.bulk_validation_sessions (user_id, name, file_name, status, callback_url)
      values (${userId}, 'API: webhook test', 'api.csv', 'running', ${callbackUrl})
      returning id
    `;
    await sql`update public.bulk_validation_sessions set status = 'completed', completed_at = now() where id = ${job!.id}`;
    return job!.id;
  });
}

async function verifies(request: ReceivedWebhook, secret: string): Promise<boolean> {
  return await verifySignature(request.headers["mailscout-signature"]!, secret, request.body, Math.floor(Date.now() / 1000));
}

Deno.test("webhooks: a job's completion reaches the HTTPS receiver, signed with the owner's secret", async () => {
  const user = await signedInUser();
  const secret = await secretOf(user.token);
  assert.match(secret, /^whsec_[A-Za-z0-9_-]{43}$/);
  assert.equal(await secretOf(user.token), secret, "revealed again, the same secret");

  // The callback is set before the upload's last part, as the API's own submission does before the job can start.
  const first = uploadAnswer(await startUpload(user.token, {
    emailsWithData: [{ email: "ann@mailscout-demo.test" }, { email: "eve@null-mx.test" }],
    final: false,
  }), 201);
  await withDatabase((sql) =>
    sql`update public.bulk_validation_sessions set callback_url = ${`${RECEIVER}/hooks/job`} where id = ${first.sessionId}`
  );
  uploadAnswer(await sendPart(user.token, first.sessionId, {
    part: 1,
    emailsWithData: [{ email: "info@mailscout-demo.test" }],
    final: true,
  }));
  await runWorker();

  const delivery = await deliveryOfJob(user.token, first.sessionId, (found) => found.status === "delivered");
  assert.equal(delivery.event, "job.completed");
  assert.equal(delivery.url, `${RECEIVER}/hooks/job`);
  assert.deepEqual([delivery.attempts, delivery.lastStatusCode, delivery.lastError], [1, 204, null]);
  const [request] = await receivedFor(delivery.id);
  assert.equal(request!.method, "POST");
  assert.equal(request!.path, "/hooks/job");
  assert.equal(request!.headers["content-type"], "application/json");
  assert.equal(await verifies(request!, secret), true, "the receiver verifies the signature");
  assert.equal(await verifies({ ...request!, body: request!.body.replace("completed", "failed") }, secret), false);
  const event = webhookEventSchema.parse(JSON.parse(request!.body));
  assert.deepEqual(Object.keys(JSON.parse(request!.body)), ["event", "jobId", "status", "counts", "resultsUrl", "occurredAt"]);
  assert.equal(event.event, "job.completed");
  assert.equal(event.jobId, first.sessionId);
  assert.equal(event.status, "completed");
  assert.deepEqual(event.counts, { deliverable: 1, risky: 1, undeliverable: 1, unknown: 0 });
  assert.match(event.resultsUrl ?? "", new RegExp(`^https?://[^/]+/api/integrations/jobs/${first.sessionId}/results$`));
});

Deno.test("webhooks: a validate-bulk job's callbackUrl is checked at submission and called when the job ends", async () => {
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  const emails = Array.from({ length: 51 }, (_, n) => `person${n}@mailscout-demo.test`);
  const refused = await callIntegrations("/validate-bulk", key.secret, {
    body: { emails, callbackUrl: "https://private-a.test/hooks" },
  });
  assert.equal(refused.status, 400, refused.text);
  assert.equal(
    integrationsErrorSchema.parse(refused.json).message,
    "callbackUrl resolves to a private address (10.0.0.5: private)",
  );

  const secret = await secretOf(user.token);
  const submitted = await callIntegrations("/validate-bulk", key.secret, {
    body: { emails, callbackUrl: `${RECEIVER}/hooks/api` },
  });
  assert.equal(submitted.status, 202, submitted.text);
  const { jobId } = bulkJobAcceptedSchema.parse(submitted.json);
  await runWorker();
  const delivery = await deliveryOfJob(user.token, jobId, (found) => found.status === "delivered");
  const [request] = await receivedFor(delivery.id);
  assert.equal(await verifies(request!, secret), true);
  const event = webhookEventSchema.parse(JSON.parse(request!.body));
  const status = jobStatusSchema.parse((await callIntegrations(`/job-status/${jobId}`, key.secret)).json);
  assert.deepEqual(
    { event: event.event, status: event.status, counts: event.counts, resultsUrl: event.resultsUrl },
    { event: "job.completed", status: status.status, counts: status.counts, resultsUrl: status.resultsUrl },
    "the webhook says what job-status says",
  );
});

Deno.test("webhooks: a 500 from the receiver is retried after 1 minute, then 5, each attempt logged", async () => {
  const user = await signedInUser();
  const jobId = await endedJob(user.id, `${RECEIVER}/status/500`);
  const failed = await deliveryOfJob(user.token, jobId, (found) => found.attempts === 1);
  assert.deepEqual([failed.status, failed.lastStatusCode, failed.lastError], ["pending", 500, "The receiver answered 500"]);

  const gapAfter = (attempt: number) =>
    withDatabase(async (sql) => {
      const [row] = await sql<{ gap: number }[]>`
        select extract(epoch from d.next_attempt_at - a.at)::float8 as gap
        from public.webhook_deliveries as d join public.webhook_delivery_attempts as a on a.delivery_id = d.id
        where d.id = ${failed.id} and a.attempt = ${attempt}
      `;
      return row!.gap;
    });
  // The attempt's log time and the next time are taken moments apart by the worker and the database.
  assert.ok(Math.abs(await gapAfter(1) - WEBHOOK_RETRY_SECONDS[0]) < 5, `next attempt ${await gapAfter(1)} s later`);
  await runWorker(WEBHOOK_WORKER_URL);
  assert.equal(
    (await deliveriesOf(user.token)).find((found) => found.id === failed.id)?.attempts,
    1,
    "not attempted again before its time",
  );

  await withDatabase((sql) => sql`update public.webhook_deliveries set next_attempt_at = now() where id = ${failed.id}`);
  const again = await deliveryOfJob(user.token, jobId, (found) => found.attempts === 2);
  assert.equal(again.status, "pending");
  assert.ok(Math.abs(await gapAfter(2) - WEBHOOK_RETRY_SECONDS[1]) < 5, `next attempt ${await gapAfter(2)} s later`);
  const attempts = await withDatabase((sql) => sql<{ attempt: number; status_code: number; duration_ms: number }[]>`
    select attempt, status_code, duration_ms from public.webhook_delivery_attempts
    where delivery_id = ${failed.id} order by attempt
  `);
  assert.deepEqual(attempts.map((row) => [row.attempt, row.status_code]), [[1, 500], [2, 500]]);
  assert.ok(attempts.every((row) => row.duration_ms >= 0));
  assert.equal((await receivedFor(failed.id, 2)).length, 2);
});

Deno.test("webhooks: a callback whose name resolves into private space is refused at delivery, nothing sent", async () => {
  const user = await signedInUser();
  const jobId = await endedJob(user.id, "https://private-a.test/hooks");
  const refused = await deliveryOfJob(user.token, jobId, (found) => found.attempts === 1);
  assert.equal(refused.status, "pending");
  assert.equal(refused.lastStatusCode, null);
  assert.match(refused.lastError ?? "", /^Refused: the callbackUrl resolves to a private address \(10\.0\.0\.5/);
  assert.ok(!(await proxiedTargets()).some((target) => target.includes("private-a.test")), "nothing left for it");
});

Deno.test("webhooks: redeliver sends the delivery again; a regenerated secret signs from then on", async () => {
  const user = await signedInUser();
  const oldSecret = await secretOf(user.token);
  const jobId = await endedJob(user.id, `${RECEIVER}/hooks/redeliver`);
  const delivered = await deliveryOfJob(user.token, jobId, (found) => found.status === "delivered");

  const regenerated = await call("/api/webhooks/secret", { token: user.token, method: "POST" });
  assert.equal(regenerated.status, 200, regenerated.text);
  const newSecret = webhookSecretSchema.parse(regenerated.json).secret;
  assert.notEqual(newSecret, oldSecret);
  assert.equal(await secretOf(user.token), newSecret);

  const redeliver = await call(`/api/webhooks/deliveries/${delivered.id}/redeliver`, { token: user.token, method: "POST" });
  assert.equal(redeliver.status, 202, redeliver.text);
  const again = await deliveryOfJob(user.token, jobId, (found) => found.attempts === 2 && found.status === "delivered");
  assert.equal(again.id, delivered.id);
  const [first, second] = await receivedFor(delivered.id, 2);
  assert.equal(second!.body, first!.body, "the same event, with the same delivery id to de-duplicate by");
  assert.equal(await verifies(first!, oldSecret), true);
  assert.equal(await verifies(second!, newSecret), true);
  assert.equal(await verifies(second!, oldSecret), false, "the old secret no longer verifies");

  const stranger = await signedInUser();
  assertError(
    await call(`/api/webhooks/deliveries/${delivered.id}/redeliver`, { token: stranger.token, method: "POST" }),
    404,
    "Webhook delivery not found",
  );
  assert.deepEqual(await deliveriesOf(stranger.token), [], "another user sees none of them");
  assertError(
    await call("/api/webhooks/deliveries/not-an-id/redeliver", { token: user.token, method: "POST" }),
    404,
    "Webhook delivery not found",
  );
});

Deno.test("webhooks: the routes are the signed-in owner's; the delivery list pages", async () => {
  for (const [path, method] of [
    ["/api/webhooks/secret", "GET"],
    ["/api/webhooks/secret", "POST"],
    ["/api/webhooks/deliveries", "GET"],
    [`/api/webhooks/deliveries/${crypto.randomUUID()}/redeliver`, "POST"],
  ]) {
    assert.equal((await call(path!, { method })).status, 401, `${method} ${path}`);
  }
  const user = await signedInUser();
  const page = await call("/api/webhooks/deliveries?page=3&pageSize=10", { token: user.token });
  assert.deepEqual(webhookDeliveryPageSchema.parse(page.json), { deliveries: [], total: 0, page: 3, pageSize: 10 });
  assertError(await call("/api/webhooks/deliveries?page=0", { token: user.token }), 400, "page: page must be 1 or more");
  assertError(await call("/api/webhooks/deliveries?pageSize=500", { token: user.token }), 400, "pageSize: pageSize must be at most 200");
});
