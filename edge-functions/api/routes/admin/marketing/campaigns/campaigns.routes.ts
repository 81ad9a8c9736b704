// Marketing campaigns under /api/marketing (behind requireAdmin, app.ts), and the preview of any campaign in its slot.
import { Hono } from "hono";
import { marketingCampaignInputSchema } from "../../../../../_shared/marketing/index.ts";
import { jsonBody } from "../../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../../lib/require-user.ts";
import * as handlers from "./campaigns.handlers.ts";

export const campaignsRoutes = new Hono<SignedInEnv>()
  .get("/campaigns", handlers.list)
  .post("/campaigns", jsonBody(marketingCampaignInputSchema), handlers.create)
  .put("/campaigns/:id", jsonBody(marketingCampaignInputSchema), handlers.update)
  .delete("/campaigns/:id", handlers.remove)
  .get("/preview/:campaignType/:id", handlers.preview);
