// `npm run bench`'s Zoho CRM sync figures: one user's 10,000 saved contacts (one in twenty invalid, so tagging has
// work) synced as one background run against the fake Zoho limited to 100 calls a minute, as a Zoho edition's API
// limit would hold it. Figures: contacts/s, the CRM calls per contact, and the ceiling the limit sets
// (calls a minute ÷ calls per contact), which the run should come near: a client that made fewer calls, or waited
// less after a 429, could not go faster. The run takes minutes by design.
import postgres from "postgres";
import {
  bulkSyncStartedSchema,
  connectAnswerSchema,
  syncRunSchema,
  type SyncRun,
} from "../../../edge-functions/_shared/crm/contract.ts";
import type { RunningStack } from "../cli/stack.ts";
import { type ZohoCallKind, type ZohoFakeControls, zohoFakeControls } from "../zoho/testing.ts";
import { registerAccount, requestText, seconds, timed } from "./bench-measure.ts";

const CONTACTS = 10_000;
const CALLS_PER_MINUTE = 100;
const INVALID_EVERY = 20;
/** How often the run's progress is read: a bench's own polling, not a test's wait. */
const POLL_MS = 1_000;
/** CRM calls; the accounts server's (token grants, refreshes) are not on the CRM's per-minute limit. */
const CRM_CALL_KINDS: ZohoCallKind[] = ["org", "search", "coql", "upsert", "add_tags", "remove_tags"];

export async function zohoSyncFigures(stack: RunningStack): Promise<[string, string][]> {
  const sql = postgres(stack.dbUrl, { max: 1, onnotice: () => {} });
  const zoho = zohoFakeControls(stack.zoho.url);
  try {
    await zoho.reset();
    const user = await registerAccount(stack, sql, "bench_zoho");
    const headers = { authorization: `Bearer ${user.token}`, "content-type": "application/json" };
    await connect(stack, zoho, headers);
    await seedContacts(sql, user.id);
    await zoho.setLimits({ callsPerMinute: CALLS_PER_MINUTE });
    const before = crmCalls(await zoho.calls());

    const synced = await timed(async () => {
      const started = await requestText(stack, "/api/crm/zoho/bulk-sync", {
        method: "POST",
        headers,
        body: JSON.stringify({ filter: "all", tagInvalidEmails: true, overwriteExisting: false }),
      }, 202);
      return await finished(stack, headers, bulkSyncStartedSchema.parse(JSON.parse(started)).jobId);
    });
    const calls = crmCalls(await zoho.calls()) - before;

    const run = synced.value;
    const perContact = calls / CONTACTS;
    const perSecond = CONTACTS / (synced.ms / 1000);
    const ceiling = CALLS_PER_MINUTE / perContact / 60;
    const label = (what: string) =>
      `zoho sync: ${CONTACTS.toLocaleString("en")} contacts, one run, fake Zoho at ${CALLS_PER_MINUTE} calls/min, ${what}`;
    return [
      [
        label(`run ${run.status}: ${run.created} created, ${run.updated} updated, ${run.skipped} skipped, ${run.failed} failed`),
        seconds(synced.ms),
      ],
      [label("contacts/s (goal ≥ 80% of the ceiling)"), `${perSecond.toFixed(1)} contacts/s`],
      [label("CRM calls per contact (goal ≤ 0.05)"), `${perContact.toFixed(3)} (${calls} calls)`],
      [
        label("ceiling: calls/min ÷ calls per contact"),
        `${ceiling.toFixed(1)} contacts/s; the run reached ${((perSecond / ceiling) * 100).toFixed(0)}% of it`,
      ],
    ];
  } finally {
    await zoho.setLimits({ callsPerMinute: null });
    await sql.end({ timeout: 5 });
  }
}

/** Connects the user as the browser would: the api's consent URL, the fake's Accept, then the api's callback. */
async function connect(stack: RunningStack, zoho: ZohoFakeControls, headers: Record<string, string>): Promise<void> {
  const answer = await requestText(stack, "/api/crm/zoho/connect", { method: "POST", headers, body: "{}" }, 200);
  const callback = await zoho.consent(connectAnswerSchema.parse(JSON.parse(answer)).url, "accept");
  const back = await fetch(callback, { redirect: "manual" });
  await back.body?.cancel();
  const landed = back.headers.get("location") ?? "";
  if (back.status !== 302 || !landed.includes("zoho=connected")) {
    throw new Error(`the callback answered ${back.status} to ${landed}`);
  }
}

/** The user's contacts in one statement, with the latest validation of each (one in twenty invalid). */
async function seedContacts(sql: postgres.Sql, userId: string): Promise<void> {
  await sql`
    insert into public.saved_contacts (user_id, list_id, email, domain, first_name, last_name, company, source)
    select ${userId}, l.id, 'lead-' || n || '@zoho-bench.test', 'zoho-bench.test', 'Lead', 'Number ' || n,
      'Bench Co ' || n % 50, 'bulk'
    from generate_series(1, ${CONTACTS}::integer) as n
    join public.contact_lists as l on l.user_id = ${userId} and l.is_default
  `;
  await sql`
    insert into public.email_validations (email, domain, is_valid, format_valid, verdict, deliverability_score)
    select 'lead-' || n || '@zoho-bench.test', 'zoho-bench.test', n % ${INVALID_EVERY} <> 0, true,
      case when n % ${INVALID_EVERY} <> 0 then 'deliverable' else 'undeliverable' end,
      case when n % ${INVALID_EVERY} <> 0 then 95 else 5 end
    from generate_series(1, ${CONTACTS}::integer) as n
    on conflict ((lower(email))) do nothing
  `;
}

/** Reads the run until it is no longer pending or running (a paused run is reported as it stands). */
async function finished(stack: RunningStack, headers: Record<string, string>, jobId: string): Promise<SyncRun> {
  for (;;) {
    const run = syncRunSchema.parse(
      JSON.parse(await requestText(stack, `/api/crm/zoho/sync-runs/${jobId}`, { headers }, 200)),
    );
    if (run.status !== "pending" && run.status !== "running") return run;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

function crmCalls(counts: Record<ZohoCallKind, number>): number {
  return CRM_CALL_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
}
