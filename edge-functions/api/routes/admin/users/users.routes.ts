// The users tab under /api/admin (behind requireAdmin, app.ts): the list, a user's drawer, and the actions on a user,
// each answering the user as they are afterwards.
import { Hono } from "hono";
import {
  adminFlagRequestSchema,
  adminUsersQuerySchema,
  grantCreditsRequestSchema,
  suspensionRequestSchema,
  throttleRequestSchema,
} from "../../../../_shared/admin/index.ts";
import { jsonBody } from "../../../lib/json-body.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./users.handlers.ts";

export const usersRoutes = new Hono<SignedInEnv>()
  .get("/users", queryParams(adminUsersQuerySchema), handlers.list)
  .get("/users/:id", handlers.detail)
  .patch("/users/:id", jsonBody(adminFlagRequestSchema), handlers.adminFlag)
  .post("/users/:id/credits", jsonBody(grantCreditsRequestSchema), handlers.grant)
  .patch("/users/:id/throttle", jsonBody(throttleRequestSchema), handlers.throttle)
  .post("/users/:id/suspension", jsonBody(suspensionRequestSchema), handlers.suspend)
  .delete("/users/:id/suspension", handlers.unsuspend);
