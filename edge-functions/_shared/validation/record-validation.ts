// Every validation is kept: the address's latest result in the shared cache public.email_validations, and
// the request in public.validation_logs, whose counts say how the address came out. Written past RLS
// (privileged.ts): results are nobody's own, and anonymous visitors have no user to write as.
import type { SmtpCheck } from "../contracts/mailbox.ts";
import type { ValidationResult, Verdict } from "./contract.ts";
import { type StoredValidation, storeValidation, type ValidationLogEntry } from "./privileged.ts";

/** Who asked: a signed-in user, or an anonymous visitor with the session id they sent, if any. */
export interface Requester {
  userId: string | null;
  sessionId: string | null;
}

export type LogOutcome = "valid" | "invalid" | "warning";

/** validation_logs counts deliverable as valid, undeliverable as invalid, and risky or unknown as a warning. */
export function logOutcome(verdict: Verdict): LogOutcome {
  switch (verdict) {
    case "deliverable":
      return "valid";
    case "undeliverable":
      return "invalid";
    case "risky":
    case "unknown":
      return "warning";
  }
}

/**
 * Postgres text cannot hold NUL, which a malformed address may contain (JSON carries it as \u0000): it is stored as
 * U+FFFD, the replacement character, rather than failing the request.
 */
function asText(text: string): string {
  return text.replaceAll("\0", "\uFFFD");
}

/** The cached row for a result, or null for an empty address, which there is no point caching. */
export function toStoredValidation(result: ValidationResult): StoredValidation | null {
  if (!result.email) return null;
  return {
    email: asText(result.email),
    domain: result.domain ? asText(result.domain) : null,
    isValid: result.isValid,
    formatValid: result.formatValid,
    mxRecordsFound: result.mxRecordsFound,
    verdict: result.verdict,
    reasons: result.reasons,
    mxRecords: result.mxRecords,
    suggestion: result.suggestion === null ? null : asText(result.suggestion),
    roleAccount: result.roleAccount,
    freeProvider: result.freeProvider,
    disposableProvider: result.disposable,
    riskScore: result.riskScore,
    deliverabilityScore: result.deliverabilityScore,
    ...mailboxColumns(result.smtp),
    validatedAt: result.validatedAt,
  };
}

/** The mailbox check's findings as the table keeps them; an address not (yet) checked has none. */
function mailboxColumns(smtp: SmtpCheck) {
  return smtp.status === "checked"
    ? {
      smtpConnectable: smtp.smtpConnectable,
      smtpDeliverable: smtp.smtpDeliverable,
      isCatchAll: smtp.isCatchAll,
      catchAllConfidence: smtp.catchAllConfidence,
    }
    : { smtpConnectable: null, smtpDeliverable: null, isCatchAll: false, catchAllConfidence: null };
}

export function toValidationLog(result: ValidationResult, requester: Requester): ValidationLogEntry {
  const outcome = logOutcome(result.verdict);
  return {
    userId: requester.userId,
    sessionId: requester.sessionId,
    validationType: "single",
    emailsProcessed: 1,
    validEmails: outcome === "valid" ? 1 : 0,
    invalidEmails: outcome === "invalid" ? 1 : 0,
    warningEmails: outcome === "warning" ? 1 : 0,
    domain: result.domain ? asText(result.domain) : null,
  };
}

/** Caches the result and logs the request, in one statement. */
export async function recordValidation(result: ValidationResult, requester: Requester): Promise<void> {
  await storeValidation(toStoredValidation(result), toValidationLog(result, requester));
}
