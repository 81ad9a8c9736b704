// /api/admin/zoho (behind requireAdmin): the admin's own Zoho connection and syncs of the admin's own saved contacts,
// through the same handlers as every user's /api/crm/zoho; only sync-stats differs, counting the whole platform.
import { Hono } from "hono";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "../../crm/crm.handlers.ts";
import { zohoSyncRoutes } from "../../crm/crm.routes.ts";

export const zohoAdminRoutes = new Hono<SignedInEnv>().route(
  "/zoho",
  new Hono<SignedInEnv>().get("/connection", handlers.connection).route("/", zohoSyncRoutes(handlers.platformStats)),
);
