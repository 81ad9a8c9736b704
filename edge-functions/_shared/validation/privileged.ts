// Validation results, written past RLS on the api's own connection. public.email_validations is a cache shared by
// everyone (no user owns an address), public.validation_logs the request history; only server code writes either.
import { database } from "../db/pool.ts";

export interface StoredValidation {
  email: string;
  domain: string | null;
  isValid: boolean;
  formatValid: boolean;
  mxRecordsFound: boolean;
  verdict: string;
  reasons: string[];
  mxRecords: { exchange: string; priority: number }[];
  suggestion: string | null;
  roleAccount: boolean;
  freeProvider: boolean;
  disposableProvider: boolean;
  riskScore: number;
  deliverabilityScore: number;
  /** What the mailbox check found (null, null, false, null when it was not made). */
  smtpConnectable: boolean | null;
  smtpDeliverable: boolean | null;
  isCatchAll: boolean;
  catchAllConfidence: number | null;
  validatedAt: string;
}

export interface ValidationLogEntry {
  userId: string | null;
  sessionId: string | null;
  validationType: "single" | "bulk";
  emailsProcessed: number;
  validEmails: number;
  invalidEmails: number;
  warningEmails: number;
  domain: string | null;
}

/**
 * Logs the request and, in the same statement, upserts the address's latest result: counted, its last time stamped,
 * its first time kept. `result` null only logs (an empty address has nothing to cache).
 */
export async function storeValidation(result: StoredValidation | null, log: ValidationLogEntry): Promise<void> {
  const sql = database();
  // Columns spelled out rather than sql(object): postgres.js places an object helper by searching the query text before
  // it with a regular expression per keyword it knows, on every call, which cost more than the rest of the query's
  // building on this, the busiest write (the values are sent as the same parameters either way).
  const logRow = sql`
    (user_id, session_id, validation_type, emails_processed, valid_emails, invalid_emails, warning_emails, domain)
    values (${log.userId}, ${log.sessionId}, ${log.validationType}, ${log.emailsProcessed}, ${log.validEmails},
      ${log.invalidEmails}, ${log.warningEmails}, ${log.domain})
  `;
  if (!result) {
    await sql`insert into public.validation_logs ${logRow}`;
    return;
  }
  const cacheRow = sql`
    (email, domain, is_valid, format_valid, mx_records_found, verdict, reasons, mx_records, suggestion, role_account,
      free_provider, disposable_provider, risk_score, deliverability_score, smtp_connectable, smtp_deliverable,
      is_catch_all, catch_all_confidence, validated_at)
    values (${result.email}, ${result.domain}, ${result.isValid}, ${result.formatValid}, ${result.mxRecordsFound},
      ${result.verdict}, ${result.reasons}, ${sql.json(result.mxRecords)}, ${result.suggestion}, ${result.roleAccount},
      ${result.freeProvider}, ${result.disposableProvider}, ${result.riskScore}, ${result.deliverabilityScore},
      ${result.smtpConnectable}, ${result.smtpDeliverable}, ${result.isCatchAll}, ${result.catchAllConfidence},
      ${result.validatedAt})
  `;
  await sql`
    with cached as (
      insert into public.email_validations ${cacheRow}
      on conflict ((lower(email))) do update set
        domain = excluded.domain,
        is_valid = excluded.is_valid,
        format_valid = excluded.format_valid,
        mx_records_found = excluded.mx_records_found,
        verdict = excluded.verdict,
        reasons = excluded.reasons,
        mx_records = excluded.mx_records,
        suggestion = excluded.suggestion,
        role_account = excluded.role_account,
        free_provider = excluded.free_provider,
        disposable_provider = excluded.disposable_provider,
        risk_score = excluded.risk_score,
        deliverability_score = excluded.deliverability_score,
        smtp_connectable = excluded.smtp_connectable,
        smtp_deliverable = excluded.smtp_deliverable,
        is_catch_all = excluded.is_catch_all,
        catch_all_confidence = excluded.catch_all_confidence,
        validated_at = excluded.validated_at,
        validation_count = public.email_validations.validation_count + 1,
        last_validated_at = now()
    )
    insert into public.validation_logs ${logRow}
  `;
}
