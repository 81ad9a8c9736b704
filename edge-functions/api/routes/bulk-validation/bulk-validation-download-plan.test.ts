// The download's query against the stack's database, the way it meets a session in real life: completed since the
// tables were last analysed, so the planner's statistics have never seen it and take it for one row. It must still
// read each row's verdict once, by key; a plan that compares every row with every item of the session made a
// 100,000-row download in the browser hang (10^10 comparisons). Arranged as the superuser in one transaction that is
// rolled back, so neither the rows nor the statistics stay behind for other tests.
import assert from "node:assert/strict";
import type postgres from "postgres";
import { decodeAccessTokenClaims } from "../../../_shared/auth/index.ts";
import { resultRows } from "../../../_shared/bulk-validation/index.ts";
import { becomeUser } from "../../../_shared/db/as-user.ts";
import { signedInUser, withDatabase } from "../../testing/stack.ts";

/** A completed session of `rows` distinct addresses, each row with its item, written as the worker leaves them. */
async function completedSession(sql: postgres.TransactionSql, userId: string, rows: number): Promise<string> {
  const [session] = await sql<{ id: string }[]>`
    insert into public.bulk_validation_sessions
      (user_id, name, file_name, status, upload_complete, total_emails, distinct_emails, processed_emails, valid_count)
    values (${userId}, 'Plan', 'plan.csv', 'completed', true, ${rows}, ${rows}, ${rows}, ${rows})
    returning id
  `;
  await sql`
    insert into public.bulk_validation_rows (session_id, row_no, email, email_key, cells)
    select ${session!.id}, n, 'user' || n || '@bench.test', 'user' || n || '@bench.test', array['user' || n || '@bench.test']
    from generate_series(1, ${rows}) as n
  `;
  await sql`
    insert into public.bulk_validation_items (session_id, email_key, domain, row_count, chunk_no, result, verdict)
    select ${session!.id}, 'user' || n || '@bench.test', 'bench.test', 1, n / 1000, '{"isValid": true}', 'deliverable'
    from generate_series(1, ${rows}) as n
  `;
  return session!.id;
}

type PlanNode = {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Join Filter"?: number;
  "Rows Removed by Filter"?: number;
  Plans?: PlanNode[];
};

/** Items the plan read: those its scans of bulk_validation_items returned, and those a join then threw away. */
function itemsRead(node: PlanNode): number {
  const scanned = node["Relation Name"] === "bulk_validation_items"
    ? node["Actual Rows"] * node["Actual Loops"] + (node["Rows Removed by Filter"] ?? 0)
    : 0;
  const discarded = node["Rows Removed by Join Filter"] ?? 0;
  return scanned + discarded + (node.Plans ?? []).reduce((sum, child) => sum + itemsRead(child), 0);
}

class RollBack extends Error {}

Deno.test("the download reads each row's verdict once, by key, for a session the planner's statistics have not seen", async () => {
  const { id: userId, token } = await signedInUser();
  const ROWS = 2_000;
  const plan = await withDatabase(async (sql) => {
    let explained: PlanNode | undefined;
    await sql.begin(async (tx) => {
      // Statistics that know a large session and not the one downloaded, as after a job that has just completed.
      await completedSession(tx, userId, 20_000);
      await tx`analyze public.bulk_validation_rows, public.bulk_validation_items`;
      const sessionId = await completedSession(tx, userId, ROWS);
      await becomeUser(tx, decodeAccessTokenClaims(token));
      const [row] = await tx<{ "QUERY PLAN": [{ Plan: PlanNode }] }[]>`
        explain (analyze, format json) ${resultRows(tx, sessionId)}
      `;
      explained = row!["QUERY PLAN"][0].Plan;
      throw new RollBack();
    }).catch((error) => {
      if (!(error instanceof RollBack)) throw error;
    });
    return explained!;
  });
  assert.equal(plan["Actual Rows"], ROWS);
  assert.ok(itemsRead(plan) <= ROWS, `the download read ${itemsRead(plan)} items for ${ROWS} rows`);
});
