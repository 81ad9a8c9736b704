// Payment providers' setup. The spec puts the list and the save under /api/payment-config, mounted behind requireAdmin
// once (app.ts); the reseal after a key rotation sits with the other admin actions under /api/admin.
import { Hono } from "hono";
import { jsonBody } from "../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./payment-config.handlers.ts";

/** Under /api/payment-config. */
export const paymentConfigRoutes = new Hono<SignedInEnv>()
  .get("/", handlers.list)
  .post("/:provider", jsonBody(handlers.providerBody), handlers.save);

/** Under /api/admin. */
export const paymentConfigAdminRoutes = new Hono<SignedInEnv>().post("/payment-config/reseal", handlers.reseal);
