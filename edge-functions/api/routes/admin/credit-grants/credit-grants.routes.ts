// The credits tab's grants under /api/admin (behind requireAdmin, app.ts): the list and revoking an unspent grant.
// Granting is an action on a user (POST /api/admin/users/{id}/credits).
import { Hono } from "hono";
import { creditGrantsQuerySchema } from "../../../../_shared/admin/index.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./credit-grants.handlers.ts";

export const creditGrantsRoutes = new Hono<SignedInEnv>()
  .get("/credit-grants", queryParams(creditGrantsQuerySchema), handlers.list)
  .delete("/credit-grants/:id", handlers.revoke);
