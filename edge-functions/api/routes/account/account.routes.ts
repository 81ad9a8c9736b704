// /api/account: the signed-in user's own account (My Account): their usage and balances, the usage history, their
// profile's names and username, and deleting the account. Mounted once, behind requireUser (app.ts).
import { Hono } from "hono";
import { updateProfileRequestSchema } from "../../../_shared/accounts/index.ts";
import { deleteAccountRequestSchema, usageHistoryQuerySchema } from "../../../_shared/billing/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { queryParams } from "../../lib/query-params.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";
import * as handlers from "./account.handlers.ts";

export const accountRoutes = new Hono<SignedInEnv>()
  .get("/usage", handlers.usage)
  .get("/usage/history", queryParams(usageHistoryQuerySchema), handlers.history)
  .patch("/profile", jsonBody(updateProfileRequestSchema), handlers.updateProfile)
  .delete("/", jsonBody(deleteAccountRequestSchema), handlers.remove);
