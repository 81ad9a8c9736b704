// What the support tests share: tickets opened and answered through the api, and the queries that read them back.
import assert from "node:assert/strict";
import {
  type Ticket,
  type TicketMessage,
  ticketListSchema,
  ticketMessageListSchema,
  ticketMessageSchema,
  ticketSchema,
} from "../../_shared/contracts/support.ts";
import { call, forgetRateLimits } from "./stack.ts";

/** Opens a ticket (the user's hourly limit forgotten first, so tests may open as many as they need). */
export async function openTicket(token: string, userId: string, body: Record<string, unknown> = {}): Promise<Ticket> {
  await forgetRateLimits(`user:${userId}`);
  const response = await call("/api/support/tickets", {
    token,
    // Words no help article has, so no automatic answer arrives while a test counts messages.
    body: { subject: "Xylophone quartz", description: "Vorpal gimble wabe mimsy.", ...body },
  });
  assert.equal(response.status, 201, response.text);
  return ticketSchema.parse(response.json);
}

export async function reply(token: string, ticketId: string, message: string): Promise<TicketMessage> {
  const response = await call(`/api/support/tickets/${ticketId}/messages`, { token, body: { message } });
  assert.equal(response.status, 201, response.text);
  return ticketMessageSchema.parse(response.json);
}

export async function ownTickets(token: string): Promise<Ticket[]> {
  const response = await call("/api/support/tickets", { token });
  assert.equal(response.status, 200, response.text);
  return ticketListSchema.parse(response.json);
}

export async function ownTicket(token: string, ticketId: string): Promise<Ticket> {
  const ticket = (await ownTickets(token)).find((candidate) => candidate.id === ticketId);
  assert.ok(ticket, `ticket ${ticketId} is not in the owner's list`);
  return ticket;
}

export async function messagesOf(token: string, ticketId: string): Promise<TicketMessage[]> {
  const response = await call(`/api/support/tickets/${ticketId}/messages`, { token });
  assert.equal(response.status, 200, response.text);
  return ticketMessageListSchema.parse(response.json);
}

export async function patchTicket(token: string, ticketId: string, body: Record<string, unknown>) {
  return await call(`/api/support/tickets/${ticketId}`, { method: "PATCH", token, body });
}
