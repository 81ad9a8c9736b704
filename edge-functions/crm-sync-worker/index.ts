// The `crm-sync-worker` function: works through bulk Zoho CRM sync runs, 100 contacts a batch, until its time budget
// runs low, then kicks a successor while work remains (_shared/crm/worker.ts). Called with the shared secret by the
// api when a bulk sync starts, by itself, and by the database's schedule; never by browsers (verify_jwt is off: no
// user calls it, and the secret is the check).
import { CRM_SYNC_WORKER, runCrmSyncWorker } from "../_shared/crm/index.ts";
import { env } from "../_shared/env.ts";
import { workerEndpoint } from "../_shared/jobs/index.ts";

// A misconfigured deployment (a missing variable) fails at start-up, naming the setting.
env();

Deno.serve(workerEndpoint({ name: CRM_SYNC_WORKER, secret: () => env().WORKER_SECRET, run: () => runCrmSyncWorker() }));
