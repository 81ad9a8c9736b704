// The probe worker: a long-running Deno process that asks mail servers whether mailboxes exist (RCPT TO, never DATA)
// for the probes the api queues in Postgres. It is deliberately not an Edge Function (no index.ts, no config.toml
// entry, so neither devstack nor `supabase functions deploy` picks it up): Edge Functions cannot open port 25, so it
// runs on any host that can (README, "Probe worker"), as many as the work needs.
//
//   deno run --allow-net --allow-env --allow-read --allow-sys --config edge-functions/deno.json \
//     edge-functions/probe-worker/main.ts
//
// SIGTERM or SIGINT stops it cleanly: it claims nothing more, stores or gives back what it holds, removes its
// heartbeat row and exits 0.
import { createDnsClientFromSettings } from "../_shared/dns/index.ts";
import {
  probeDomain,
  probeQueue,
  probeSettingsOf,
  probeWorkerSettingsFromEnv,
  runProbeWorker,
} from "../_shared/mailbox/index.ts";

// A misconfigured host fails here, naming the setting.
const settings = probeWorkerSettingsFromEnv();
const caCerts = settings.caFile ? [await Deno.readTextFile(settings.caFile)] : undefined;

const stop = new AbortController();
for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, () => stop.abort());

const id = crypto.randomUUID();
const name = `${Deno.hostname()}:${Deno.pid}`;
const log = (line: string) => console.log(`[probe worker ${name}] ${line}`);
// A connection per domain in progress, one for claims and heartbeats besides.
const queue = probeQueue(settings.dbUrl, { connections: settings.domainsAtOnce + 1 });
try {
  await runProbeWorker({
    id,
    name,
    queue,
    probeDomain,
    probeSettings: probeSettingsOf(settings, caCerts),
    dns: createDnsClientFromSettings(settings.dnsServers),
    domainsAtOnce: settings.domainsAtOnce,
    stop: stop.signal,
    log,
    // devstack's probe worker manager waits for this line: the worker's heartbeat row exists from here on.
    onReady: () => console.log(`probe worker ${id} is ready`),
  });
} finally {
  await queue.close();
}
log("stopped");
Deno.exit(0);
