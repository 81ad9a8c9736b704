// The `campaign-worker` function: sends push and email campaigns' batches until its time budget runs low, then kicks a
// successor while work remains (_shared/marketing/campaign-worker.ts). Called with the shared secret by the api when an
// admin sends, by itself, and by the database's schedule; never by browsers (verify_jwt is off: no user calls it, and
// the secret is the check).
import { env } from "../_shared/env.ts";
import { workerEndpoint } from "../_shared/jobs/index.ts";
import { CAMPAIGN_WORKER, runCampaignWorker } from "../_shared/marketing/index.ts";

// A misconfigured deployment (a missing variable) fails at start-up, naming the setting.
env();

Deno.serve(workerEndpoint({ name: CAMPAIGN_WORKER, secret: () => env().WORKER_SECRET, run: () => runCampaignWorker() }));
