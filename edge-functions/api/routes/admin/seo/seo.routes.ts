// The SEO dashboard under /api/admin/seo (behind requireAdmin, app.ts): figures, landing pages, keyword targets, bulk
// generation and removal requests.
import { Hono } from "hono";
import {
  adminKeywordsQuerySchema,
  adminPagesQuerySchema,
  generateBulkSchema,
  newKeywordTargetSchema,
  removalDecisionSchema,
  removalListQuerySchema,
  updateSeoPageSchema,
} from "../../../../_shared/seo/index.ts";
import { jsonBody } from "../../../lib/json-body.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./seo.handlers.ts";

export const seoAdminRoutes = new Hono<SignedInEnv>()
  .get("/seo/stats", handlers.stats)
  .get("/seo/pages", queryParams(adminPagesQuerySchema), handlers.listPages)
  .patch("/seo/pages/:id", jsonBody(updateSeoPageSchema), handlers.updatePage)
  .post("/seo/pages/:id/regenerate", handlers.regeneratePage)
  .delete("/seo/pages/:id", handlers.deletePage)
  .get("/seo/keywords", queryParams(adminKeywordsQuerySchema), handlers.listKeywords)
  .post("/seo/keywords", jsonBody(newKeywordTargetSchema), handlers.createKeyword)
  .post("/seo/generate-bulk", jsonBody(generateBulkSchema, { emptyMeansDefaults: true }), handlers.generateBulk)
  .get("/seo/removal-requests", queryParams(removalListQuerySchema), handlers.listRemovals)
  .post("/seo/removal-requests/:id/decision", jsonBody(removalDecisionSchema), handlers.decideRemoval);
