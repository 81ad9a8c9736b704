// Sending a push notification or an email campaign: the database snapshots the audience into a send job (as the admin,
// audited) and the campaign worker delivers it in batches. A send already under way answers the same job again.
import type postgres from "postgres";
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import type { AdminRows } from "./admin-rows.ts";
import { startCampaignWorkers } from "./campaign-worker.ts";

export type SendKind = "email" | "push_notification";

export interface SendAnswer {
  jobId: string;
  recipients: number;
}

/** The row's latest send as the contract's `send` (null before the first), for a list's extras over `t`. */
export function latestSend(sql: UserSql, kind: SendKind): postgres.PendingQuery<postgres.Row[]> {
  return sql`'send', (
    select jsonb_build_object('jobId', s.id, 'status', s.status, 'total', s.total, 'processed', s.processed)
    from public.campaign_sends s
    where s.campaign_type = ${kind} and s.campaign_id = t.id
    order by s.created_at desc
    limit 1
  )`;
}

/** Starts (or finds) the send of a push or email campaign, then kicks the worker past the answer. */
export async function startSend(
  claims: AccessTokenClaims,
  rows: AdminRows<unknown, never>,
  kind: SendKind,
  id: string,
): Promise<SendAnswer> {
  const [started] = await rows.asAdmin(claims, (sql) =>
    kind === "email"
      ? sql<{ job_id: string; recipients: number }[]>`select * from private.start_email_send(${id})`
      : sql<{ job_id: string; recipients: number }[]>`select * from private.start_push_send(${id})`
  );
  startCampaignWorkers();
  return { jobId: started!.job_id, recipients: Number(started!.recipients) };
}

/** How many people a send would reach now. */
export async function audienceSize(
  claims: AccessTokenClaims,
  rows: AdminRows<unknown, never>,
  kind: SendKind,
  id: string,
): Promise<number> {
  const [row] = await rows.asAdmin(claims, (sql) =>
    kind === "email"
      ? sql<{ size: number }[]>`select private.email_audience_size(${id}) as size`
      : sql<{ size: number }[]>`select private.push_audience_size(${id}) as size`
  );
  return Number(row!.size);
}
