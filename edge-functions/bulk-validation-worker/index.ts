// The `bulk-validation-worker` function: validates bulk jobs' chunks until its time budget runs low, then kicks a
// successor while work remains (_shared/bulk-validation/worker.ts). Called with the shared secret by the api when an
// upload completes, by itself, and by the database's schedule; never by browsers (verify_jwt is off: no user calls
// it, and the secret is the check).
import { BULK_WORKER, runBulkValidationWorker } from "../_shared/bulk-validation/index.ts";
import { env } from "../_shared/env.ts";
import { workerEndpoint } from "../_shared/jobs/index.ts";
import { emailValidator } from "../_shared/validation/index.ts";

// A misconfigured deployment (a missing variable, a malformed DNS_SERVERS) fails at start-up, naming the setting.
env();
emailValidator();

Deno.serve(
  workerEndpoint({ name: BULK_WORKER, secret: () => env().WORKER_SECRET, run: () => runBulkValidationWorker() }),
);
