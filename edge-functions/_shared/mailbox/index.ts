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
