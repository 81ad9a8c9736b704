// GET /api/bulk-validation/sessions/{id}/download: a completed job's rows with their verdicts as CSV, read as the user
// (RLS decides) through a cursor and written a batch at a time, so a 100,000-row file is never whole in memory.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, streamAsUser, type UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import { downloadFileName } from "./contract.ts";
import { csvRecords, type DownloadRow, downloadHeader, downloadRecord, uploadedLayout, UTF8_BOM } from "./csv.ts";

/** Rows read from the cursor at a time: a batch's CSV is a few hundred kilobytes at most. */
const ROWS_PER_BATCH = 1_000;

export interface BulkDownload {
  /** validated_{fileName} */
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * A session's rows in file order, each with its address's verdict columns (contract.ts's BULK_RESULT_COLUMNS) as text.
 *
 * The verdict is looked up by its key in a subquery the planner may not merge into the join (`offset 0`), so it is
 * always read through the items' primary key, once per row. As a plain join, a session completed since the tables
 * were last analysed (which is when it is downloaded: right after it completes) is one row to the planner, and it
 * chose a nested loop that compares every row with every item of the session: 10^10 comparisons for 100,000 rows,
 * a download that never finished.
 */
export function resultRows(sql: UserSql, sessionId: string) {
  return sql<DownloadRow[]>`
    select r.cells, r.email, r.first_name, r.last_name, r.phone_number, r.mobile_number, r.job_title, r.company,
      i.result ->> 'isValid' as valid,
      i.verdict,
      (select string_agg(reason, ' ') from jsonb_array_elements_text(i.result -> 'reasons') as reason) as reasons,
      i.result ->> 'mxRecordsFound' as mx,
      i.result ->> 'disposable' as disposable,
      i.result ->> 'roleAccount' as role,
      i.result ->> 'freeProvider' as free,
      i.result ->> 'suggestion' as suggestion,
      i.result ->> 'riskScore' as risk_score,
      i.result ->> 'deliverabilityScore' as deliverability_score,
      case i.result -> 'smtp' ->> 'status'
        when 'checked' then i.result -> 'smtp' ->> 'outcome'
        when 'pending' then 'pending'
        when 'not_checked' then 'not_checked:' || (i.result -> 'smtp' ->> 'reason')
      end as mailbox,
      i.result -> 'smtp' ->> 'smtpConnectable' as smtp_connectable,
      i.result -> 'smtp' ->> 'smtpDeliverable' as smtp_deliverable,
      i.result -> 'smtp' ->> 'isCatchAll' as catch_all,
      i.result -> 'smtp' ->> 'catchAllConfidence' as catch_all_confidence
    from public.bulk_validation_rows as r
    left join lateral (
      select item.result, item.verdict
      from public.bulk_validation_items as item
      where item.session_id = r.session_id and item.email_key = r.email_key
      offset 0
    ) as i on true
    where r.session_id = ${sessionId}
    order by r.row_no
  `;
}

export async function downloadBulkResults(claims: AccessTokenClaims, sessionId: string): Promise<BulkDownload> {
  const [session] = await asUser(claims, (sql) =>
    sql<{ file_name: string; status: string; columns: string[] | null; widest_row: number }[]>`
      select s.file_name, s.status, s.columns,
        coalesce((select max(cardinality(r.cells)) from public.bulk_validation_rows as r where r.session_id = s.id), 0)
          as widest_row
      from public.bulk_validation_sessions as s
      where s.id = ${sessionId} and s.user_id = ${claims.sub}
    `);
  if (!session) throw new DomainError("bulk_session_not_found");
  if (session.status !== "completed") throw new DomainError("bulk_not_ready", { status: session.status });

  const layout = uploadedLayout(session.columns, session.widest_row);
  const body = streamAsUser(claims, async function* (sql) {
    yield UTF8_BOM + csvRecords([downloadHeader(layout)]);
    const batches = resultRows(sql, sessionId).cursor(ROWS_PER_BATCH);
    for await (const rows of batches) yield csvRecords(rows.map((row) => downloadRecord(row, layout)));
  });
  return { fileName: downloadFileName(session.file_name), body };
}
