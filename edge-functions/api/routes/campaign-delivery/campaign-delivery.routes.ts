// /api/campaign-delivery: what a visitor (signed in or not) sees on a page, the events their browser reports, and the
// click redirect every delivered link leads through.
import { Hono } from "hono";
import { campaignEventSchema, deliveryQuerySchema } from "../../../_shared/marketing/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { queryParams } from "../../lib/query-params.ts";
import * as handlers from "./campaign-delivery.handlers.ts";

export const campaignDeliveryRoutes = new Hono()
  .get("/campaign-delivery", queryParams(deliveryQuerySchema), handlers.deliver)
  .post("/campaign-delivery/events", jsonBody(campaignEventSchema), handlers.report)
  .get("/campaign-delivery/click/:type/:id", handlers.click);
