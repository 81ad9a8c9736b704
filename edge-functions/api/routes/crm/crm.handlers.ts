// Zoho CRM sync over HTTP: each handler takes validated input, calls the feature, and answers. The same handlers serve
// every user under /api/crm/zoho and the admin under /api/admin/zoho, on the caller's own connection.
import { create as contentDisposition } from "content-disposition";
import type { Context } from "hono";
import {
  bulkSync as startBulkSync,
  type bulkSyncRequestSchema,
  connectionOf,
  type connectRequestSchema,
  connectUrl,
  disconnect as disconnectZoho,
  finishConsent,
  latestSyncRuns,
  syncCandidates,
  type syncCandidatesQuerySchema,
  type syncContactRequestSchema,
  syncOneContact,
  syncRun,
  syncRunReport,
  type syncRunsQuerySchema,
  syncStats,
  testConnection as testZohoConnection,
} from "../../../_shared/crm/index.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import { pathId, pathUuid } from "../../lib/path-id.ts";
import type { QueryInput } from "../../lib/query-params.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";

export async function connection(c: Context<SignedInEnv>) {
  return c.json(await connectionOf(c.var.signedIn), 200);
}

export async function connect(c: Context<SignedInEnv, string, JsonInput<typeof connectRequestSchema>>) {
  return c.json(await connectUrl(c.var.signedIn, c.req.valid("json")), 200);
}

/** Zoho's redirect back: no JWT (the state names the user); always a 302 to a page of this site. */
export async function callback(c: Context) {
  const location = await finishConsent({
    code: c.req.query("code"),
    state: c.req.query("state"),
    error: c.req.query("error"),
    accountsServer: c.req.query("accounts-server"),
  });
  c.header("cache-control", "no-store");
  return c.redirect(location, 302);
}

export async function disconnect(c: Context<SignedInEnv>) {
  await disconnectZoho(c.var.signedIn);
  return c.body(null, 204);
}

export async function testConnection(c: Context<SignedInEnv>) {
  return c.json(await testZohoConnection(c.var.signedIn), 200);
}

export async function candidates(c: Context<SignedInEnv, string, QueryInput<typeof syncCandidatesQuerySchema>>) {
  return c.json(await syncCandidates(c.var.signedIn, c.req.valid("query")), 200);
}

export async function ownStats(c: Context<SignedInEnv>) {
  return c.json(await syncStats(c.var.signedIn, { platform: false }), 200);
}

/** The admin's tiles: every user's syncs, counts only. */
export async function platformStats(c: Context<SignedInEnv>) {
  return c.json(await syncStats(c.var.signedIn, { platform: true }), 200);
}

export async function syncContact(c: Context<SignedInEnv, string, JsonInput<typeof syncContactRequestSchema>>) {
  const contactId = pathId(c.req.param("contactId"), "contact_not_found");
  return c.json(await syncOneContact(c.var.signedIn, contactId, c.req.valid("json")), 200);
}

/** 200 with the counts when synced inline; 202 with the run's id when it runs in the background. */
export async function bulkSync(c: Context<SignedInEnv, string, JsonInput<typeof bulkSyncRequestSchema>>) {
  const answer = await startBulkSync(c.var.signedIn, c.req.valid("json"));
  return "inline" in answer ? c.json(answer.inline, 200) : c.json({ jobId: answer.jobId }, 202);
}

export async function runs(c: Context<SignedInEnv, string, QueryInput<typeof syncRunsQuerySchema>>) {
  return c.json(await latestSyncRuns(c.var.signedIn, c.req.valid("query").limit), 200);
}

export async function run(c: Context<SignedInEnv>) {
  return c.json(await syncRun(c.var.signedIn, pathUuid(c.req.param("jobId"), "crm_run_not_found")), 200);
}

export async function report(c: Context<SignedInEnv>) {
  const { fileName, body } = await syncRunReport(c.var.signedIn, pathUuid(c.req.param("jobId"), "crm_run_not_found"));
  return c.body(body, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": contentDisposition(fileName),
    "cache-control": "private, no-store",
  });
}
