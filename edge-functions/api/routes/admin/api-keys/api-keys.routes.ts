// The api-management screen's keys under /api/admin (behind requireAdmin, app.ts): every key with its owner and
// today's calls, and the audited actions, each answering the key as it is afterwards.
import { Hono } from "hono";
import { adminApiKeysQuerySchema, adminRateLimitRequestSchema } from "../../../../_shared/api-keys/index.ts";
import { jsonBody } from "../../../lib/json-body.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./api-keys.handlers.ts";

export const adminApiKeysRoutes = new Hono<SignedInEnv>()
  .get("/api-keys", queryParams(adminApiKeysQuerySchema), handlers.list)
  .post("/api-keys/:id/revoke", handlers.revoke)
  .patch("/api-keys/:id", jsonBody(adminRateLimitRequestSchema), handlers.rateLimit);
