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
export { checkMailbox, type MailboxCheckDependencies, withMailboxCheck } from "./single-check.ts";
export { MAILBOX_POLLS_PER_MINUTE, pollMailboxProbe } from "./poll.ts";
export { type AddressProbe, type CatchAllTally, type DomainProbe, probeDomain, type ProbeDomainInput, type ProbeSettings } from "./probe.ts";
export { ACCEPT_ALL_PROVIDERS, acceptAllProvider, type KnownProvider } from "./providers.ts";
export { parseTarget } from "./mx-targets.ts";
// The probe worker's parts, for its runner (edge-functions/probe-worker/main.ts).
export { probeQueue, type ProbeQueue } from "./privileged.ts";
export { probeSettingsOf, probeWorkerSettingsFromEnv } from "./settings.ts";
export { runProbeWorker } from "./worker.ts";
