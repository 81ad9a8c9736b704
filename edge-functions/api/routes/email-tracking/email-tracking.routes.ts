// /api/email: what a campaign email's links reach, with no sign-in (the token in the path names the recipient).
import { Hono } from "hono";
import * as handlers from "./email-tracking.handlers.ts";

export const emailTrackingRoutes = new Hono()
  .get("/email/open/:token", handlers.open)
  .get("/email/click/:token/:linkNo", handlers.click)
  .get("/email/unsubscribe/:token", handlers.unsubscribeState)
  .post("/email/unsubscribe/:token", handlers.unsubscribe);
