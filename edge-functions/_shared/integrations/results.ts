// GET /api/integrations/jobs/{jobId}/results: a completed job's rows in the order sent, each with its address's
// verdict, read as the owner (RLS decides; another user's job is not found), as pages of JSON after a cursor or whole
// as the bulk page's CSV download, for as long as the session is kept.
import type { AccessTokenClaims } from "../auth/index.ts";
import { type BulkDownload, type BulkSession, downloadBulkResults } from "../bulk-validation/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import { SMTP_NOT_REQUESTED } from "../mailbox/index.ts";
import type { ValidationResult } from "../validation/index.ts";
import type { JobResult, JobResultsPage } from "./contract.ts";
import { jobStatusName } from "./jobs-links.ts";
import { resultsCursor, rowAfter } from "./results-cursor.ts";

interface ResultRow {
  row_no: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  mobile_number: string | null;
  job_title: string | null;
  company: string | null;
  result: ValidationResult;
}

/** Refuses a job that is not the caller's or has not completed. */
async function requireCompleted(sql: UserSql, claims: AccessTokenClaims, jobId: string): Promise<void> {
  const [job] = await sql<{ status: BulkSession["status"] }[]>`
    select s.status from public.bulk_validation_sessions as s where s.id = ${jobId} and s.user_id = ${claims.sub}
  `;
  if (!job) throw new DomainError("job_not_found");
  if (job.status !== "completed") throw new DomainError("job_not_finished", { status: jobStatusName(job.status) });
}

export interface ResultsQuery {
  cursor?: string;
  limit: number;
}

export async function jobResultsPage(claims: AccessTokenClaims, jobId: string, query: ResultsQuery): Promise<JobResultsPage> {
  const after = rowAfter(query.cursor);
  const rows = await asUser(claims, async (sql) => {
    await requireCompleted(sql, claims, jobId);
    // A completed job has a verdict for every row: the join finds one item per row, through the items' key.
    return await sql<ResultRow[]>`
      select r.row_no, r.email, r.first_name, r.last_name, r.phone_number, r.mobile_number, r.job_title, r.company,
        i.result
      from public.bulk_validation_rows as r
      join public.bulk_validation_items as i on i.session_id = r.session_id and i.email_key = r.email_key
      where r.session_id = ${jobId} and r.row_no > ${after}
      order by r.row_no
      limit ${query.limit + 1}
    `;
  });
  const page = rows.slice(0, query.limit);
  return {
    jobId,
    results: page.map(jobResult),
    nextCursor: rows.length > query.limit ? resultsCursor(page.at(-1)!.row_no) : null,
  };
}

function jobResult(row: ResultRow): JobResult {
  const { result } = row;
  return {
    email: row.email,
    verdict: result.verdict,
    isValid: result.isValid,
    reasons: result.reasons,
    mxRecordsFound: result.mxRecordsFound,
    disposable: result.disposable,
    roleAccount: result.roleAccount,
    freeProvider: result.freeProvider,
    suggestion: result.suggestion,
    riskScore: result.riskScore,
    deliverabilityScore: result.deliverabilityScore,
    // Jobs validated before mailbox checks existed stored no check: nobody asked for one.
    smtp: result.smtp ?? SMTP_NOT_REQUESTED,
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    mobileNumber: row.mobile_number,
    jobTitle: row.job_title,
    company: row.company,
  };
}

/** The whole job as the bulk page downloads it. */
export async function jobResultsCsv(claims: AccessTokenClaims, jobId: string): Promise<BulkDownload> {
  await asUser(claims, (sql) => requireCompleted(sql, claims, jobId));
  return await downloadBulkResults(claims, jobId);
}
