// The email validation contract shared by the api function and the SPA: POST /api/validate-email and its answer.
import { z } from "zod";
import { mailboxProbeStateSchema, smtpCheckSchema } from "../contracts/mailbox.ts";
import { text } from "../contracts/text.ts";

/** The spec's ceiling for what a request may carry; the engine itself applies RFC 5321's 254 for validity. */
export const EMAIL_INPUT_MAX_LENGTH = 320;

export const validateEmailRequestSchema = z.object({
  // Trimmed here, so a blank address is a bad request refused before the anonymous allowance counts it, not a verdict.
  email: text({ error: "email is required and must be a string" })
    .trim()
    .min(1, "Email must not be empty")
    .max(EMAIL_INPUT_MAX_LENGTH, `Email must be at most ${EMAIL_INPUT_MAX_LENGTH} characters`),
});
export type ValidateEmailRequest = z.infer<typeof validateEmailRequestSchema>;

export const VERDICTS = ["deliverable", "risky", "undeliverable", "unknown"] as const;
export const verdictSchema = z.enum(VERDICTS);
export type Verdict = z.infer<typeof verdictSchema>;

/**
 * Stable reason codes. `no_mail_server` goes beyond the list: the domain exists but has neither MX nor A/AAAA
 * records, so nothing can receive its mail (Reacher and AfterShip call this "no MX" too, which hides the difference
 * from a domain with implicit MX). `mx_host_unresolved`: MX records whose hosts have no A or AAAA record at all;
 * `mx_private_address`: MX hosts that resolve only to loopback or private addresses (both undeliverable).
 * The mailbox codes come from the SMTP probe (mailbox/contract.ts's outcomes): `mailbox_unverifiable` goes beyond the
 * issue's list for a provider whose "yes" proves nothing.
 */
export const REASON_CODES = [
  "invalid_syntax",
  "domain_not_found",
  "null_mx",
  "no_mail_server",
  "mx_host_unresolved",
  "mx_private_address",
  "dns_error",
  "no_mx_implicit_a",
  "disposable",
  "role_account",
  "free_provider",
  "possible_typo",
  "mailbox_exists",
  "mailbox_not_found",
  "mailbox_full",
  "catch_all",
  "smtp_blocked",
  "smtp_unavailable",
  "greylisted",
  "mailbox_unverifiable",
] as const;
export const reasonCodeSchema = z.enum(REASON_CODES);
export type ReasonCode = z.infer<typeof reasonCodeSchema>;

export const mxRecordSchema = z.object({ exchange: z.string(), priority: z.number().int() });
export type MxRecord = z.infer<typeof mxRecordSchema>;

export const validationResultSchema = z.object({
  /** Normalised: trimmed, domain lower-cased. */
  email: z.string(),
  /** Unicode form of the domain ("bücher.de", never "xn--bcher-kva.de"); empty when the address has no domain. */
  domain: z.string(),
  /** Syntax valid and the domain accepts mail (MX with a host at a public address, or implicit MX through A/AAAA). */
  isValid: z.boolean(),
  formatValid: z.boolean(),
  /** The domain publishes MX records, usable or not (see reasons). */
  mxRecordsFound: z.boolean(),
  verdict: verdictSchema,
  reasons: z.array(reasonCodeSchema),
  /** Sorted by priority, lowest first. */
  mxRecords: z.array(mxRecordSchema),
  disposable: z.boolean(),
  roleAccount: z.boolean(),
  freeProvider: z.boolean(),
  /** The full corrected address ("ann@gmail.com" for "ann@gmial.com"), or null. */
  suggestion: z.string().nullable(),
  riskScore: z.number().int().min(0).max(100),
  deliverabilityScore: z.number().int().min(0).max(100),
  /** What the mail server said of the mailbox, or that it was not asked (yet) and why. */
  smtp: smtpCheckSchema,
  validatedAt: z.iso.datetime(),
});
export type ValidationResult = z.infer<typeof validationResultSchema>;

/** GET /api/mailbox-probes/{probeId}: `done` with the whole result once the probe has finished (its verdict may have
 * moved; an expired probe's result says the mailbox was not checked), else `pending` with `result` null. */
export const mailboxProbeAnswerSchema = z.object({
  status: mailboxProbeStateSchema,
  result: validationResultSchema.nullable(),
});
export type MailboxProbeAnswer = z.infer<typeof mailboxProbeAnswerSchema>;
