// The mailbox check's contract, shared by the api function, the probe worker and the SPA: what a verdict says about
// the mailbox itself (the `smtp` part of a ValidationResult), the anonymous visitor's poll for a probe still running,
// and the live event a signed-in user's Validation Result card updates from.
//
// A probe asks the domain's mail server over SMTP whether it would take mail for the address (RCPT TO), and never sends
// any. It runs in a separate worker process (port 25 is closed on Edge Functions), so a result may say the mailbox was
// not checked, or that the check is still running, and why.
import { z } from "zod";

/**
 * What the mail server said of the mailbox:
 * - exists: it accepted the address (250/251) and refused a made-up one at the same domain;
 * - not_found: it refused the address as unknown (550/551/553 with mailbox-unknown wording, or 5.1.1, 5.1.10);
 * - full: the mailbox exists but is over its quota (552, 5.2.2);
 * - catch_all: it accepts any address at the domain, made-up ones too, so accepting this one proves nothing;
 * - blocked: it would not say (421, 5.7.1, blocklist or policy texts): never read as "the mailbox does not exist";
 * - unavailable: no mail server could be reached or the conversation failed (timeouts, closed connections);
 * - greylisted: it asked us to come back later (4xx) and the retry was refused again within the budget;
 * - unverifiable: a provider known to accept every address when asked (or to refuse all probes), so its "yes" is not
 *   taken as proof; see the worker's provider list.
 */
export const MAILBOX_OUTCOMES = [
  "exists",
  "not_found",
  "full",
  "catch_all",
  "blocked",
  "unavailable",
  "greylisted",
  "unverifiable",
] as const;
export const mailboxOutcomeSchema = z.enum(MAILBOX_OUTCOMES);
export type MailboxOutcome = z.infer<typeof mailboxOutcomeSchema>;

/**
 * Why a mailbox was not checked:
 * - not_receiving: the address is malformed, its domain takes no mail, or DNS could not say where its mail goes;
 * - no_worker: no probe worker has been seen lately, so nothing would pick the probe up;
 * - expired: a probe was queued, but no worker finished it before its deadline;
 * - not_requested: the caller did not ask for a mailbox check (the engine's answer before any probe is requested).
 */
export const NOT_CHECKED_REASONS = ["not_receiving", "no_worker", "expired", "not_requested"] as const;
export const notCheckedReasonSchema = z.enum(NOT_CHECKED_REASONS);
export type NotCheckedReason = z.infer<typeof notCheckedReasonSchema>;

/** How the conversation was protected: STARTTLS with a certificate valid for the MX host, with one that was not (the
 * probe went on, as mail servers do), or no STARTTLS offered. */
export const TLS_STATES = ["verified", "unverified", "none"] as const;
export const tlsStateSchema = z.enum(TLS_STATES);
export type TlsState = z.infer<typeof tlsStateSchema>;

/** The server's reply that decided the outcome, for the reason in plain words and for support. */
export const smtpReplySchema = z.object({
  code: z.number().int().min(200).max(599),
  /** RFC 3463's enhanced status code ("5.1.1"), when the server gave one. */
  enhancedCode: z.string().nullable(),
  /** The reply's text, lines joined with a space, at most SMTP_REPLY_TEXT_MAX characters. */
  text: z.string(),
});
export type SmtpReply = z.infer<typeof smtpReplySchema>;
export const SMTP_REPLY_TEXT_MAX = 500;

export const smtpCheckedSchema = z.object({
  status: z.literal("checked"),
  outcome: mailboxOutcomeSchema,
  /** A mail server at the domain answered with an SMTP greeting. */
  smtpConnectable: z.boolean(),
  /** true: the mailbox takes mail (exists, not catch-all); false: it does not (not_found, full); null: no telling. */
  smtpDeliverable: z.boolean().nullable(),
  isCatchAll: z.boolean(),
  /** Share of made-up addresses the domain accepted, 0 to 1 in steps of 0.01; null when none was tried. */
  catchAllConfidence: z.number().min(0).max(1).nullable(),
  /** The MX host the decisive conversation was with. */
  mxHost: z.string().nullable(),
  tls: tlsStateSchema.nullable(),
  reply: smtpReplySchema.nullable(),
  /** A known provider's name ("Yahoo") when its behaviour decided the outcome (unverifiable). */
  provider: z.string().nullable(),
  checkedAt: z.iso.datetime(),
});

export const smtpPendingSchema = z.object({
  status: z.literal("pending"),
  /** Where an anonymous visitor polls (GET /api/mailbox-probes/{probeId}); unguessable, it is the only key. */
  probeId: z.uuid(),
});

export const smtpNotCheckedSchema = z.object({
  status: z.literal("not_checked"),
  reason: notCheckedReasonSchema,
});

export const smtpCheckSchema = z.discriminatedUnion("status", [
  smtpCheckedSchema,
  smtpPendingSchema,
  smtpNotCheckedSchema,
]);
export type SmtpCheck = z.infer<typeof smtpCheckSchema>;
export type SmtpChecked = z.infer<typeof smtpCheckedSchema>;

/** The engine's answer before anyone asks for a probe. */
export const SMTP_NOT_REQUESTED: SmtpCheck = { status: "not_checked", reason: "not_requested" };

/** A probe's state as GET /api/mailbox-probes/{probeId} answers it. `result` is the whole ValidationResult once the
 * probe is done (its verdict may have moved), else null; the api's route file pairs it with the validation schema. */
export const MAILBOX_PROBE_STATES = ["pending", "done"] as const;
export const mailboxProbeStateSchema = z.enum(MAILBOX_PROBE_STATES);

export const mailboxProbeParamsSchema = z.object({ probeId: z.uuid({ error: "probeId must be a UUID" }) });

/** The Realtime event on the private topic `user:{userId}` when a probe the user asked for is done. */
export const VALIDATION_UPDATED_EVENT = "validation_updated";

/** How often an anonymous visitor's screen polls a pending probe, and for how long before it says the check is taking
 * too long (the probe keeps its own deadline). */
export const MAILBOX_POLL_INTERVAL_MS = 2_000;
export const MAILBOX_POLL_GIVE_UP_MS = 120_000;

/** A probe result is reused for this long before the mailbox is asked again; a domain's catch-all finding likewise. */
export const MAILBOX_RESULT_TTL_DAYS = 7;
export const CATCH_ALL_TTL_DAYS = 7;
