// /api/api-keys: the signed-in person's own keys for the public API (mounted behind requireUser in app.ts). A key's
// secret is answered once, by POST (201) and by rotate (200); DELETE revokes and is idempotent.
import { Hono } from "hono";
import {
  apiKeyUsageQuerySchema,
  createApiKeyRequestSchema,
  renameApiKeyRequestSchema,
  rotateApiKeyRequestSchema,
} from "../../../_shared/api-keys/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { queryParams } from "../../lib/query-params.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";
import * as handlers from "./api-keys.handlers.ts";

export const apiKeysRoutes = new Hono<SignedInEnv>()
  .get("/", handlers.list)
  .post("/", jsonBody(createApiKeyRequestSchema), handlers.create)
  .get("/usage", queryParams(apiKeyUsageQuerySchema), handlers.usage)
  .patch("/:id", jsonBody(renameApiKeyRequestSchema), handlers.rename)
  .post("/:id/rotate", jsonBody(rotateApiKeyRequestSchema), handlers.rotate)
  .delete("/:id", handlers.revoke);
