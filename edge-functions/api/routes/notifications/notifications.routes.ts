// /api/notifications: the signed-in user's inbox, their browsers' push subscriptions and their marketing emails
// switch; the push key is public.
import { Hono } from "hono";
import {
  emailSubscriptionSchema,
  notificationsQuerySchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeSchema,
} from "../../../_shared/marketing/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { queryParams } from "../../lib/query-params.ts";
import { requireUser } from "../../lib/require-user.ts";
import * as handlers from "./notifications.handlers.ts";

export const notificationsRoutes = new Hono()
  .get("/notifications/push-config", handlers.pushConfiguration)
  .get("/notifications", requireUser, queryParams(notificationsQuerySchema), handlers.list)
  .post("/notifications/read-all", requireUser, handlers.readAll)
  .post("/notifications/push-subscriptions", requireUser, jsonBody(pushSubscriptionInputSchema), handlers.subscribe)
  .delete("/notifications/push-subscriptions", requireUser, jsonBody(pushUnsubscribeSchema), handlers.unsubscribe)
  .get("/notifications/email-subscription", requireUser, handlers.readEmailSubscription)
  .put("/notifications/email-subscription", requireUser, jsonBody(emailSubscriptionSchema), handlers.updateEmailSubscription)
  .post("/notifications/:id/read", requireUser, handlers.read)
  .post("/notifications/:id/delivered", requireUser, handlers.delivered);
