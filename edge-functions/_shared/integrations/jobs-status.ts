// GET /api/integrations/job-status: a job (any of the owner's bulk sessions) read as its owner, so RLS decides and
// another user's job is not found. Counts are rows per verdict, as the session's own counters count them.
import { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { bulkSessionStatusSchema } from "../contracts/bulk-validation.ts";
import { verdictSchema, VERDICTS } from "../contracts/validation.ts";
import { asUser } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import type { JobStatus, VerdictCounts } from "./contract.ts";
import { jobResultsUrl, jobStatusName } from "./jobs-links.ts";

const jobRowSchema = z.object({
  id: z.string(),
  status: bulkSessionStatusSchema,
  total_emails: z.number(),
  processed_emails: z.number(),
  created_at: z.date(),
  completed_at: z.date().nullable(),
  counts: z.array(z.object({ verdict: verdictSchema, rows: z.coerce.number() })),
});

export async function jobStatus(claims: AccessTokenClaims, jobId: string): Promise<JobStatus> {
  const [row] = await asUser(claims, (sql) => sql`
    select s.id, s.status, s.total_emails, s.processed_emails, s.created_at, s.completed_at,
      coalesce((
        select jsonb_agg(jsonb_build_object('verdict', c.verdict, 'rows', c.rows))
        from (
          select i.verdict, sum(i.row_count) as rows
          from public.bulk_validation_items as i
          where i.session_id = s.id and not i.deferred
          group by i.verdict
        ) as c
      ), '[]'::jsonb) as counts
    from public.bulk_validation_sessions as s
    where s.id = ${jobId} and s.user_id = ${claims.sub}
  `);
  if (!row) throw new DomainError("job_not_found");
  const job = jobRowSchema.parse(row);
  const counts = Object.fromEntries(VERDICTS.map((verdict) => [verdict, 0])) as VerdictCounts;
  for (const { verdict, rows } of job.counts) counts[verdict] = rows;
  const status = jobStatusName(job.status);
  return {
    jobId: job.id,
    status,
    total: job.total_emails,
    processed: job.processed_emails,
    counts,
    createdAt: job.created_at.toISOString(),
    completedAt: job.completed_at?.toISOString() ?? null,
    resultsUrl: status === "completed" ? jobResultsUrl(job.id) : null,
  };
}
