// /api/support: a signed-in user's tickets and their conversations. Agents (admins) reply to and change any ticket
// through the same ticket paths (RLS lets them); their queue lives under /api/support/admin, mounted behind
// requireAdmin once (app.ts).
import { Hono } from "hono";
import {
  adminTicketQuerySchema,
  createTicketRequestSchema,
  markTicketReadRequestSchema,
  ticketMessageRequestSchema,
  updateTicketRequestSchema,
} from "../../../_shared/support/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { queryParams } from "../../lib/query-params.ts";
import { requireAdmin } from "../../lib/require-admin.ts";
import { requireUser, type SignedInEnv } from "../../lib/require-user.ts";
import * as handlers from "./support.handlers.ts";

export const supportRoutes = new Hono()
  .get("/support/tickets", requireUser, handlers.list)
  .post("/support/tickets", requireUser, jsonBody(createTicketRequestSchema), handlers.open)
  .patch("/support/tickets/:id", requireUser, jsonBody(updateTicketRequestSchema), handlers.update)
  .get("/support/tickets/:id/messages", requireUser, handlers.messages)
  .post("/support/tickets/:id/messages", requireUser, jsonBody(ticketMessageRequestSchema), handlers.reply)
  // Hiding is the agents' alone: a user is told so (403) rather than finding the message missing.
  .post("/support/tickets/:id/messages/:messageId/hide", requireAdmin, handlers.hide)
  .post("/support/tickets/:id/read", requireUser, jsonBody(markTicketReadRequestSchema), handlers.read);

/** Under /api/support/admin, behind requireAdmin. */
export const supportAgentRoutes = new Hono<SignedInEnv>().get("/tickets", queryParams(adminTicketQuerySchema), handlers.queue);
