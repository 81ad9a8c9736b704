// The support center over HTTP: each handler takes validated input, calls the feature, and answers.
import type { Context } from "hono";
import {
  type adminTicketQuerySchema,
  type createTicketRequestSchema,
  hideTicketMessage,
  listAgentQueue,
  listOwnTickets,
  listTicketMessages,
  type markTicketReadRequestSchema,
  markTicketRead,
  openTicket,
  postTicketMessage,
  type ticketMessageRequestSchema,
  updateTicket,
  type updateTicketRequestSchema,
} from "../../../_shared/support/index.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import type { QueryInput } from "../../lib/query-params.ts";
import { pathId, pathUuid } from "../../lib/path-id.ts";
import { setRateLimitHeaders } from "../../lib/rate-limit-headers.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";

const ticketId = (c: Context) => pathUuid(c.req.param("id"), "ticket_not_found");

export async function list(c: Context<SignedInEnv>) {
  return c.json(await listOwnTickets(c.var.signedIn.claims), 200);
}

/** 201 with the ticket and the hourly limit's RateLimit headers. */
export async function open(c: Context<SignedInEnv, string, JsonInput<typeof createTicketRequestSchema>>) {
  const { ticket, limit } = await openTicket(c.var.signedIn.claims, c.req.valid("json"));
  setRateLimitHeaders(c, limit);
  return c.json(ticket, 201);
}

export async function update(c: Context<SignedInEnv, string, JsonInput<typeof updateTicketRequestSchema>>) {
  return c.json(await updateTicket(c.var.signedIn.claims, ticketId(c), c.req.valid("json")), 200);
}

export async function messages(c: Context<SignedInEnv>) {
  return c.json(await listTicketMessages(c.var.signedIn.claims, ticketId(c)), 200);
}

export async function reply(c: Context<SignedInEnv, string, JsonInput<typeof ticketMessageRequestSchema>>) {
  return c.json(await postTicketMessage(c.var.signedIn.claims, ticketId(c), c.req.valid("json").message), 201);
}

/** Agents only: the route is behind requireAdmin. */
export async function hide(c: Context<SignedInEnv>) {
  const messageId = pathId(c.req.param("messageId"), "message_not_found");
  return c.json(await hideTicketMessage(c.var.signedIn.claims, ticketId(c), messageId), 200);
}

export async function read(c: Context<SignedInEnv, string, JsonInput<typeof markTicketReadRequestSchema>>) {
  await markTicketRead(c.var.signedIn.claims, ticketId(c), c.req.valid("json").lastReadMessageId);
  return c.body(null, 204);
}

export async function queue(c: Context<SignedInEnv, string, QueryInput<typeof adminTicketQuerySchema>>) {
  return c.json(await listAgentQueue(c.var.signedIn.claims, c.req.valid("query")), 200);
}
