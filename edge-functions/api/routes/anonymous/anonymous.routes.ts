// The anonymous allowance's endpoints. They all answer the server's own count; none changes it.
import { Hono } from "hono";
import { updateUsageRequestSchema } from "../../../_shared/anonymous/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import * as handlers from "./anonymous.handlers.ts";

export const anonymousRoutes = new Hono()
  .get("/anonymous/session", handlers.session)
  .get("/anonymous/check-limits/:sessionId", handlers.checkLimits)
  .post("/anonymous/update-usage", jsonBody(updateUsageRequestSchema), handlers.updateUsage)
  .post("/anonymous/generate-discount/:sessionId", handlers.generateDiscount);
