// The `api-key-notices-worker` function: emails the owners of keys that expire within API_KEY_EXPIRY_NOTICE_DAYS, once
// per key, until none waits or its time budget runs low (_shared/api-keys/notices.ts). Kicked with the shared secret by
// the database's daily 'api-key-expiry-notices' schedule; never by browsers (verify_jwt is off: no user calls it, and
// the secret is the check).
import { API_KEY_NOTICES_WORKER, runApiKeyNoticesWorker } from "../_shared/api-keys/index.ts";
import { env } from "../_shared/env.ts";
import { workerEndpoint } from "../_shared/jobs/index.ts";

// A misconfigured deployment (a missing variable) fails at start-up, naming the setting.
env();

Deno.serve(
  workerEndpoint({ name: API_KEY_NOTICES_WORKER, secret: () => env().WORKER_SECRET, run: () => runApiKeyNoticesWorker() }),
);
