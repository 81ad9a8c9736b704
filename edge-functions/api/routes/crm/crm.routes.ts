// /api/crm/zoho: a signed-in user's own Zoho CRM connection (connect, Zoho's callback, disconnect) and syncs of their
// own saved contacts; and the admin's /api/admin/zoho (app.ts mounts it behind the admin guard), the same handlers on
// the admin's own connection and contacts, with the platform's counters as its sync-stats.
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
import { requireUser, type SignedInEnv } from "../../lib/require-user.ts";
import * as handlers from "./crm.handlers.ts";

/** The connection test, candidates, syncs and runs, for a caller the group's guard signed in; `stats` answers
 * sync-stats (the caller's own, or the platform's). */
export function zohoSyncRoutes(stats: typeof handlers.ownStats) {
  return new Hono<SignedInEnv>()
    .get("/test-connection", handlers.testConnection)
    .get("/sync-candidates", queryParams(syncCandidatesQuerySchema), handlers.candidates)
    .get("/sync-stats", stats)
    .post("/sync-contact/:contactId", jsonBody(syncContactRequestSchema, { emptyMeansDefaults: true }), handlers.syncContact)
    .post("/bulk-sync", jsonBody(bulkSyncRequestSchema), handlers.bulkSync)
    .get("/sync-runs", queryParams(syncRunsQuerySchema), handlers.runs)
    .get("/sync-runs/:jobId", handlers.run)
    .get("/sync-runs/:jobId/report.csv", handlers.report);
}

export const crmRoutes = new Hono()
  // Zoho's redirect carries no JWT (the state it brings back names the user). Declared before the group, it answers
  // before the group's guard is reached.
  .get("/crm/zoho/callback", handlers.callback)
  .route(
    "/crm/zoho",
    new Hono<SignedInEnv>()
      .use(requireUser)
      .get("/", handlers.connection)
      .post("/connect", jsonBody(connectRequestSchema, { emptyMeansDefaults: true }), handlers.connect)
      .delete("/", handlers.disconnect)
      .route("/", zohoSyncRoutes(handlers.ownStats)),
  );

/** /api/admin/zoho, mounted behind requireAdmin: the admin's own connection and syncs; sync-stats counts the platform. */
export const zohoAdminRoutes = new Hono<SignedInEnv>().route(
  "/zoho",
  new Hono<SignedInEnv>().get("/connection", handlers.connection).route("/", zohoSyncRoutes(handlers.platformStats)),
);
