// The SEO dashboard under /api/admin/seo (behind requireAdmin, app.ts): figures, landing pages, keyword targets, bulk
// generation and removal requests.
import { Hono } from "hono";
import {
  ADMIN_KEYWORDS_LIMIT,
  ADMIN_PAGES_LIMIT,
  generateBulkSchema,
  newKeywordTargetSchema,
  removalDecisionSchema,
  removalListQuerySchema,
  seoListQuerySchema,
  updateSeoPageSchema,
} from "../../../../_shared/seo/index.ts";
import { jsonBody } from "../../../lib/json-body.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./seo.handlers.ts";

/** The most rows a list answers at once: the dashboard asks for its defaults; a bigger page is for an export. */
const LIST_MAX = 1000;

export const seoAdminRoutes = new Hono<SignedInEnv>()
  .get("/seo/stats", handlers.stats)
  .get("/seo/pages", queryParams(seoListQuerySchema(ADMIN_PAGES_LIMIT, LIST_MAX)), handlers.listPages)
  .patch("/seo/pages/:id", jsonBody(updateSeoPageSchema), handlers.updatePage)
  .post("/seo/pages/:id/regenerate", handlers.regeneratePage)
  .delete("/seo/pages/:id", handlers.deletePage)
  .get("/seo/keywords", queryParams(seoListQuerySchema(ADMIN_KEYWORDS_LIMIT, LIST_MAX)), handlers.listKeywords)
  .post("/seo/keywords", jsonBody(newKeywordTargetSchema), handlers.createKeyword)
  .post("/seo/generate-bulk", jsonBody(generateBulkSchema, { emptyMeansDefaults: true }), handlers.generateBulk)
  .get("/seo/removal-requests", queryParams(removalListQuerySchema), handlers.listRemovals)
  .post("/seo/removal-requests/:id/decision", jsonBody(removalDecisionSchema), handlers.decideRemoval);
