// The `webhook-worker` function: attempts the webhook deliveries that are due, one POST each, until none is or its
// time budget runs low (_shared/webhooks/worker.ts). Called with the shared secret by the enqueue trigger when a job
// with a callbackUrl ends, by the api on a redelivery, and by the database's schedule while retries fall due; never by
// browsers (verify_jwt is off: no user calls it, and the secret is the check).
import { env } from "../_shared/env.ts";
import { workerEndpoint } from "../_shared/jobs/index.ts";
import { runWebhookWorker, WEBHOOK_WORKER } from "../_shared/webhooks/index.ts";

// A misconfigured deployment (a missing variable) fails at start-up, naming the setting.
env();

Deno.serve(workerEndpoint({ name: WEBHOOK_WORKER, secret: () => env().WORKER_SECRET, run: () => runWebhookWorker() }));
