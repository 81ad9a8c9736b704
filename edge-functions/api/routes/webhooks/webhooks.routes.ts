// /api/webhooks: a signed-in user's webhook signing secret (revealed on demand, made on first ask; POST replaces it)
// and the log of deliveries made to their jobs' callbackUrls, each of which they may have attempted again now.
import { Hono } from "hono";
import { webhookDeliveriesQuerySchema } from "../../../_shared/contracts/api-keys.ts";
import { queryParams } from "../../lib/query-params.ts";
import { requireUser, type SignedInEnv } from "../../lib/require-user.ts";
import * as handlers from "./webhooks.handlers.ts";

export const webhooksRoutes = new Hono().route(
  "/webhooks",
  new Hono<SignedInEnv>()
    .use(requireUser)
    .get("/secret", handlers.secret)
    .post("/secret", handlers.regenerate)
    .get("/deliveries", queryParams(webhookDeliveriesQuerySchema), handlers.deliveries)
    .post("/deliveries/:id/redeliver", handlers.redeliver),
);
