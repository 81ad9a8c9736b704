// /api/seo: the landing pages as visitors' browsers read them, their conversions and removal requests. No sign-in;
// a signed-in caller is counted like any visitor.
import { Hono } from "hono";
import { removalConfirmationSchema, removalRequestSchema } from "../../../_shared/contracts/seo.ts";
import { jsonBody } from "../../lib/json-body.ts";
import * as handlers from "./seo.handlers.ts";

export const seoRoutes = new Hono()
  .post("/seo/conversion/:pageId", handlers.conversion)
  .post("/seo/removal-requests", jsonBody(removalRequestSchema), handlers.requestRemoval)
  .post("/seo/removal-requests/confirm", jsonBody(removalConfirmationSchema), handlers.confirmRemoval)
  .get("/seo/:pageType/:slug", handlers.page);
