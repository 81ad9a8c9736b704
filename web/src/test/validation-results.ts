// Validation results as the API answers them, for tests of the screens that show them.
import type { MailboxOutcome, SmtpChecked } from "@contracts/mailbox";
import type { ValidationResult } from "@contracts/validation";

export function deliverableResult(email = "someone@mailscout-demo.test"): ValidationResult {
  return {
    email,
    domain: email.split("@")[1] ?? "",
    isValid: true,
    formatValid: true,
    mxRecordsFound: true,
    verdict: "deliverable",
    reasons: [],
    mxRecords: [
      { exchange: "mx1.mailscout-demo.test", priority: 10 },
      { exchange: "mx2.mailscout-demo.test", priority: 20 },
    ],
    disposable: false,
    roleAccount: false,
    freeProvider: false,
    suggestion: null,
    riskScore: 5,
    deliverabilityScore: 95,
    smtp: { status: "not_checked", reason: "not_requested" },
    validatedAt: "2026-11-22T10:00:00.000Z",
  };
}

export function nullMxResult(email = "someone@null-mx.test"): ValidationResult {
  return {
    ...deliverableResult(email),
    isValid: false,
    mxRecordsFound: false,
    verdict: "undeliverable",
    reasons: ["null_mx"],
    mxRecords: [],
    riskScore: 100,
    deliverabilityScore: 0,
  };
}

export function badSyntaxResult(email = "some..one@example.com"): ValidationResult {
  return {
    ...nullMxResult(email),
    formatValid: false,
    reasons: ["invalid_syntax"],
  };
}

export function typoResult(email = "someone@gmial.com"): ValidationResult {
  return {
    ...deliverableResult(email),
    isValid: false,
    mxRecordsFound: false,
    verdict: "undeliverable",
    reasons: ["domain_not_found", "possible_typo"],
    mxRecords: [],
    suggestion: email.replace("@gmial.com", "@gmail.com"),
    riskScore: 95,
    deliverabilityScore: 0,
  };
}

export const PROBE_ID = "8a7b6c5d-4e3f-4a1b-9c8d-7e6f5a4b3c2d";

/** A mailbox check as the probe worker stores it: `outcome` from mx.mailbox.test over verified TLS. */
export function checkedSmtp(outcome: MailboxOutcome, extra: Partial<SmtpChecked> = {}): SmtpChecked {
  const exists = outcome === "exists";
  return {
    status: "checked",
    outcome,
    smtpConnectable: outcome !== "unavailable",
    smtpDeliverable: exists ? true : outcome === "not_found" || outcome === "full" ? false : null,
    isCatchAll: outcome === "catch_all",
    catchAllConfidence: outcome === "catch_all" ? 0.8 : exists ? 0 : null,
    mxHost: "mx.mailbox.test",
    tls: "verified",
    reply: exists
      ? { code: 250, enhancedCode: "2.1.5", text: "OK" }
      : { code: 550, enhancedCode: "5.1.1", text: "User unknown" },
    provider: null,
    checkedAt: "2026-11-22T10:00:05.000Z",
    ...extra,
  };
}

/** The first answer for an address at a receiving domain whose mailbox check is still running. */
export function pendingResult(email = "nobody@mailbox.test", probeId = PROBE_ID): ValidationResult {
  return { ...deliverableResult(email), smtp: { status: "pending", probeId } };
}

/** The final answer once the probe found no such mailbox: undeliverable, as the verdict rules say (the address is
 * still well-formed at a domain that takes mail, so isValid stays). */
export function mailboxNotFoundResult(email = "nobody@mailbox.test"): ValidationResult {
  return {
    ...deliverableResult(email),
    verdict: "undeliverable",
    reasons: ["mailbox_not_found"],
    riskScore: 100,
    deliverabilityScore: 0,
    smtp: checkedSmtp("not_found"),
  };
}
