// /api/crm/zoho: a signed-in user's own Zoho CRM connection (connect, Zoho's callback, disconnect) and syncs of their
// own saved contacts. zohoSyncRoutes is shared with the admin's /api/admin/zoho, which acts on the admin's own
// connection through the same handlers.
import { Hono } from "hono";
import {
  bulkSyncRequestSchema,
  connectRequestSchema,
  syncCandidatesQuerySchema,
  syncContactRequestSchema,
  syncRunsQuerySchema,
} from "../../../_shared/crm/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { queryParams } from "../../lib/query-params.ts";
import { requireUser } from "../../lib/require-user.ts";
import * as handlers from "./crm.handlers.ts";

/** The connection test, candidates, syncs and runs; `stats` answers sync-stats (own, or the platform's). */
export function zohoSyncRoutes(stats: typeof handlers.ownStats) {
  return new Hono()
    .get("/test-connection", requireUser, handlers.testConnection)
    .get("/sync-candidates", requireUser, queryParams(syncCandidatesQuerySchema), handlers.candidates)
    .get("/sync-stats", requireUser, stats)
    .post(
      "/sync-contact/:contactId",
      requireUser,
      jsonBody(syncContactRequestSchema, { emptyMeansDefaults: true }),
      handlers.syncContact,
    )
    .post("/bulk-sync", requireUser, jsonBody(bulkSyncRequestSchema), handlers.bulkSync)
    .get("/sync-runs", requireUser, queryParams(syncRunsQuerySchema), handlers.runs)
    .get("/sync-runs/:jobId", requireUser, handlers.run)
    .get("/sync-runs/:jobId/report.csv", requireUser, handlers.report);
}

export const crmRoutes = new Hono().route(
  "/crm/zoho",
  new Hono()
    // Zoho's redirect carries no JWT: the state it brings back names the user.
    .get("/callback", handlers.callback)
    .get("/", requireUser, handlers.connection)
    .post("/connect", requireUser, jsonBody(connectRequestSchema, { emptyMeansDefaults: true }), handlers.connect)
    .delete("/", requireUser, handlers.disconnect)
    .route("/", zohoSyncRoutes(handlers.ownStats)),
);
