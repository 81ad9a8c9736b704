// What the Zoho CRM tests share: the fake Zoho's controls (devstack gives its URL as ZOHO_API_URL), a user connected
// through the whole consent round trip, saved contacts arranged in the database (some with an invalid latest
// validation), and a run followed until it ends.
import assert from "node:assert/strict";
import { zohoFakeControls } from "../../../devstack/src/zoho/testing.ts";
import { crmConnectionSchema, type SyncRun, syncRunSchema } from "../../_shared/contracts/crm.ts";
import { pollUntil } from "./bulk.ts";
import { call, gateway, requiredEnv, withDatabase } from "./stack.ts";

export const zoho = zohoFakeControls(requiredEnv("ZOHO_API_URL"));

/** Where Zoho's consent sends the browser: the site's callback, through the gateway. */
export async function followCallback(location: string): Promise<URL> {
  const back = new URL(location);
  const response = await call(`${back.pathname}${back.search}`, { redirect: "manual" });
  assert.equal(response.status, 302, response.text);
  return new URL(response.headers.get("location")!);
}

/** POST connect, Accept on Zoho's consent page, and the callback: where the browser lands. */
export async function consentAs(token: string, choice: "accept" | "deny" = "accept", returnTo?: string): Promise<URL> {
  const connect = await call("/api/crm/zoho/connect", { token, body: returnTo ? { returnTo } : {} });
  assert.equal(connect.status, 200, connect.text);
  const { url } = connect.json as { url: string };
  return await followCallback(await zoho.consent(url, choice));
}

/** Connects the user's Zoho and checks that the connection says so. */
export async function connectZoho(token: string): Promise<void> {
  const landed = await consentAs(token);
  assert.equal(landed.searchParams.get("zoho"), "connected", landed.toString());
  const connection = crmConnectionSchema.parse((await call("/api/crm/zoho", { token })).json);
  assert.equal(connection.status, "connected");
}

/**
 * `count` saved contacts of the user (unique addresses of this test), their ids in order; every address whose index
 * `invalid` picks gets an invalid latest validation, the others a valid one.
 */
export async function savedContacts(
  userId: string,
  count: number,
  invalid: (index: number) => boolean = () => false,
): Promise<{ ids: number[]; emails: string[] }> {
  const tag = crypto.randomUUID().slice(0, 8);
  const emails = Array.from({ length: count }, (_, n) => `c${n}-${tag}@crm-test.example`);
  return await withDatabase(async (sql) => {
    const rows = await sql<{ id: string }[]>`
      insert into public.saved_contacts (user_id, email, domain, source, first_name)
      select ${userId}, email, 'crm-test.example', 'manual', 'Pat'
      from unnest(${emails}::text[]) with ordinality as e (email, n)
      order by n
      returning id
    `;
    const invalidEmails = emails.filter((_, n) => invalid(n));
    await sql`
      insert into public.email_validations (email, domain, is_valid, format_valid, verdict)
      select email, 'crm-test.example', bad is null, true, case when bad is null then 'deliverable' else 'undeliverable' end
      from unnest(${emails}::text[]) as e (email)
      left join unnest(${invalidEmails}::text[]) as i (bad) on i.bad = e.email
    `;
    return { ids: rows.map((row) => Number(row.id)).sort((a, b) => a - b), emails };
  });
}

/** Polls the run until it is done (completed or failed); fails at the deadline with its last state. */
export async function waitForRun(token: string, jobId: string, done = ["completed", "failed"]): Promise<SyncRun> {
  let last: SyncRun | undefined;
  return await pollUntil(async () => {
    const response = await call(`/api/crm/zoho/sync-runs/${jobId}`, { token });
    assert.equal(response.status, 200, response.text);
    last = syncRunSchema.parse(response.json);
    return done.includes(last.status) ? last : undefined;
  }, () => `run ${jobId} did not end: ${JSON.stringify(last)}`);
}

export const CRM_WORKER_URL = `${gateway}/functions/v1/crm-sync-worker`;
