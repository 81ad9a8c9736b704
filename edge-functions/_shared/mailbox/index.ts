// Mailbox checks over SMTP: the contract, asking for probes (the api), and the probe worker's parts. The probe itself
// runs in a separate worker process (edge-functions/probe-worker/), never in an Edge Function: port 25 is closed there.
export * from "./contract.ts";
export {
  mailboxProbeState,
  type ProbeRequestAnswer,
  type ProbeRequester,
  type ProbeRequestItem,
  requestMailboxProbes,
} from "./privileged-requests.ts";
// The probe worker's parts, for its runner (edge-functions/probe-worker/main.ts).
export { probeQueue, type ProbeQueue } from "./privileged.ts";
export { probeSettingsOf, probeWorkerSettingsFromEnv } from "./settings.ts";
export { runProbeWorker } from "./worker.ts";
export { probeDomain } from "./probe.ts";
