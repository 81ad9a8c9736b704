// The `seo-refresh-worker` function: renders landing pages older than their change frequency again until none is due
// or its time budget runs low (_shared/seo/generate.ts). Kicked with the shared secret by the database's 'seo-refresh'
// schedule; never by browsers (verify_jwt is off: no user calls it, and the secret is the check).
import { env } from "../_shared/env.ts";
import { workerEndpoint } from "../_shared/jobs/index.ts";
import { runRefreshWorker, SEO_REFRESH_WORKER } from "../_shared/seo/index.ts";

// A misconfigured deployment (a missing variable) fails at start-up, naming the setting.
env();

Deno.serve(workerEndpoint({ name: SEO_REFRESH_WORKER, secret: () => env().WORKER_SECRET, run: () => runRefreshWorker() }));
