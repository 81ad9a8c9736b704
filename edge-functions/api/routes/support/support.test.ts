// The support center against the running stack: every status each /api/support route answers, as a visitor, the
// owner, another user and an agent (an admin). Tickets use words no help article has, so no automatic answer arrives
// while a test counts messages (help-articles.test.ts covers the automatic answer).
import assert from "node:assert/strict";
import {
  adminTicketPageSchema,
  MESSAGE_MAX_LENGTH,
  REOPEN_WITHIN_DAYS,
  SUBJECT_MAX_LENGTH,
  ticketMessageSchema,
  ticketSchema,
  TICKETS_PER_HOUR,
} from "../../../_shared/contracts/support.ts";
import { ADMIN_ONLY_MESSAGE } from "../../lib/require-admin.ts";
import { waitForMail } from "../../testing/mail.ts";
import {
  assertError,
  assertRateLimited,
  call,
  forgetRateLimits,
  signedInAdmin,
  signedInUser,
  withDatabase,
} from "../../testing/stack.ts";
import { messagesOf, openTicket, ownTicket, ownTickets, patchTicket, reply } from "../../testing/support.ts";

const NOT_FOUND = "Ticket not found";

Deno.test("every support route answers a visitor 401", async () => {
  const id = crypto.randomUUID();
  assertError(await call("/api/support/tickets"), 401, "Not authenticated");
  assertError(await call("/api/support/tickets", { body: { subject: "a", description: "b" } }), 401, "Not authenticated");
  assertError(await call(`/api/support/tickets/${id}`, { method: "PATCH", body: { status: "resolved" } }), 401, "Not authenticated");
  assertError(await call(`/api/support/tickets/${id}/messages`), 401, "Not authenticated");
  assertError(await call(`/api/support/tickets/${id}/messages`, { body: { message: "hi" } }), 401, "Not authenticated");
  assertError(await call(`/api/support/tickets/${id}/read`, { body: { lastReadMessageId: 1 } }), 401, "Not authenticated");
  assertError(await call(`/api/support/tickets/${id}/messages/1/hide`, { method: "POST" }), 401, "Not authenticated");
  assertError(await call("/api/support/admin/tickets"), 401, "Not authenticated");
});

Deno.test("a new ticket is 201 with the defaults (general, medium), open, and carries the hourly limit's headers", async () => {
  const user = await signedInUser();
  await forgetRateLimits(`user:${user.id}`);
  const response = await call("/api/support/tickets", {
    token: user.token,
    body: { subject: "  Xylophone quartz  ", description: "Vorpal gimble wabe." },
  });
  assert.equal(response.status, 201, response.text);
  const ticket = ticketSchema.parse(response.json);
  assert.deepEqual(
    [ticket.subject, ticket.description, ticket.category, ticket.priority, ticket.status],
    ["Xylophone quartz", "Vorpal gimble wabe.", "general", "medium", "open"],
  );
  assert.deepEqual([ticket.resolvedAt, ticket.assignedTo, ticket.unreadCount, ticket.adminResponse], [null, null, 0, null]);
  assert.equal(response.headers.get("ratelimit-limit"), String(TICKETS_PER_HOUR));
  assert.equal(response.headers.get("ratelimit-remaining"), String(TICKETS_PER_HOUR - 1));
  const chosen = await openTicket(user.token, user.id, { category: "billing", priority: "urgent" });
  assert.deepEqual([chosen.category, chosen.priority], ["billing", "urgent"]);
});

Deno.test("a ticket with a missing or too long field is 400 naming it", async () => {
  const user = await signedInUser();
  const open = (body: Record<string, unknown>) => call("/api/support/tickets", { token: user.token, body });
  assertError(await open({ description: "x" }), 400, "subject: Subject is required");
  assertError(await open({ subject: "   ", description: "x" }), 400, "subject: Subject is required");
  assertError(await open({ subject: "x" }), 400, "description: Description is required");
  assertError(
    await open({ subject: "x".repeat(SUBJECT_MAX_LENGTH + 1), description: "x" }),
    400,
    "subject: Subject must be at most 200 characters",
  );
  assertError(
    await open({ subject: "x", description: "x".repeat(MESSAGE_MAX_LENGTH + 1) }),
    400,
    "description: Description must be at most 10,000 characters",
  );
  const badCategory = await open({ subject: "x", description: "x", category: "sales" });
  assert.equal(badCategory.status, 400, badCategory.text);
  assert.match(badCategory.text, /category: Category must be one of general/);
});

Deno.test(`the ${TICKETS_PER_HOUR + 1}th ticket within an hour is 429 with when to try again`, async () => {
  const user = await signedInUser();
  await forgetRateLimits(`user:${user.id}`);
  for (let n = 0; n < TICKETS_PER_HOUR; n++) {
    const response = await call("/api/support/tickets", { token: user.token, body: { subject: `Quartz ${n}`, description: "Wabe." } });
    assert.equal(response.status, 201, response.text);
  }
  const refused = await call("/api/support/tickets", { token: user.token, body: { subject: "Quartz", description: "Wabe." } });
  assertRateLimited(refused, TICKETS_PER_HOUR);
  assert.match(refused.text, /Too many new tickets: at most 10 an hour\. Please try again in (\d+ minutes?|1 hour)\./);
  await forgetRateLimits(`user:${user.id}`);
});

Deno.test("the owner lists only their tickets, newest activity first; nobody else sees them", async () => {
  const owner = await signedInUser();
  const stranger = await signedInUser();
  const first = await openTicket(owner.token, owner.id, { subject: "First quartz" });
  const second = await openTicket(owner.token, owner.id, { subject: "Second quartz" });
  assert.deepEqual((await ownTickets(owner.token)).map((ticket) => ticket.id), [second.id, first.id]);
  // A reply to the older ticket makes it the latest activity.
  await reply(owner.token, first.id, "Any news?");
  assert.deepEqual((await ownTickets(owner.token)).map((ticket) => ticket.id), [first.id, second.id]);
  assert.deepEqual(await ownTickets(stranger.token), []);
});

Deno.test("messages skip the description; another user's ticket and a malformed id are 404", async () => {
  const owner = await signedInUser();
  const stranger = await signedInUser();
  const ticket = await openTicket(owner.token, owner.id);
  assert.deepEqual(await messagesOf(owner.token, ticket.id), []);
  const posted = await reply(owner.token, ticket.id, "  More details.  ");
  assert.deepEqual(
    [posted.ticketId, posted.senderType, posted.message, posted.hidden],
    [ticket.id, "user", "More details.", false],
  );
  assert.deepEqual(await messagesOf(owner.token, ticket.id), [posted]);
  assertError(await call(`/api/support/tickets/${ticket.id}/messages`, { token: stranger.token }), 404, NOT_FOUND);
  assertError(await call("/api/support/tickets/not-a-uuid/messages", { token: owner.token }), 404, NOT_FOUND);
  assertError(
    await call(`/api/support/tickets/${ticket.id}/messages`, { token: stranger.token, body: { message: "Mine now" } }),
    404,
    NOT_FOUND,
  );
});

Deno.test("a blank or too long reply is 400", async () => {
  const owner = await signedInUser();
  const ticket = await openTicket(owner.token, owner.id);
  const send = (message: unknown) => call(`/api/support/tickets/${ticket.id}/messages`, { token: owner.token, body: { message } });
  assertError(await send("   \n "), 400, "message: Message is required");
  assertError(await send("x".repeat(MESSAGE_MAX_LENGTH + 1)), 400, "message: Message must be at most 10,000 characters");
});

Deno.test("an agent's reply awaits the user, is unread for the owner until read, and the owner's reply reopens", async () => {
  const owner = await signedInUser();
  const agent = await signedInAdmin();
  const ticket = await openTicket(owner.token, owner.id);
  const answer = await reply(agent.token, ticket.id, "We are on it.");
  assert.equal(answer.senderType, "admin");
  let seen = await ownTicket(owner.token, ticket.id);
  assert.deepEqual([seen.status, seen.adminResponse, seen.unreadCount], ["awaiting_response", "We are on it.", 1]);
  const read = await call(`/api/support/tickets/${ticket.id}/read`, { token: owner.token, body: { lastReadMessageId: answer.id } });
  assert.equal(read.status, 204, read.text);
  assert.equal((await ownTicket(owner.token, ticket.id)).unreadCount, 0);
  await reply(owner.token, ticket.id, "Thanks, still stuck.");
  seen = await ownTicket(owner.token, ticket.id);
  assert.deepEqual([seen.status, seen.unreadCount], ["open", 0]);
  assert.deepEqual((await messagesOf(owner.token, ticket.id)).map((message) => message.senderType), ["admin", "user"]);
});

Deno.test("read state: another user's ticket is 404, a message of another ticket 400, and it never moves back", async () => {
  const owner = await signedInUser();
  const stranger = await signedInUser();
  const agent = await signedInAdmin();
  const ticket = await openTicket(owner.token, owner.id);
  const other = await openTicket(owner.token, owner.id);
  const first = await reply(agent.token, ticket.id, "One.");
  const second = await reply(agent.token, ticket.id, "Two.");
  const foreign = await reply(agent.token, other.id, "Elsewhere.");
  const markRead = (token: string, lastReadMessageId: number) =>
    call(`/api/support/tickets/${ticket.id}/read`, { token, body: { lastReadMessageId } });
  assertError(await markRead(stranger.token, first.id), 404, NOT_FOUND);
  assertError(await markRead(owner.token, foreign.id), 400, "lastReadMessageId: not a message of this ticket");
  assert.equal((await markRead(owner.token, second.id)).status, 204);
  assert.equal((await markRead(owner.token, first.id)).status, 204);
  assert.equal((await ownTicket(owner.token, ticket.id)).unreadCount, 0);
  const bad = await call(`/api/support/tickets/${ticket.id}/read`, { token: owner.token, body: { lastReadMessageId: "x" } });
  assert.equal(bad.status, 400, bad.text);
});

Deno.test("the owner resolves and reopens; a resolved ticket takes no reply (409)", async () => {
  const owner = await signedInUser();
  const ticket = await openTicket(owner.token, owner.id);
  const resolved = await patchTicket(owner.token, ticket.id, { status: "resolved" });
  assert.equal(resolved.status, 200, resolved.text);
  const resolvedTicket = ticketSchema.parse(resolved.json);
  assert.equal(resolvedTicket.status, "resolved");
  assert.ok(resolvedTicket.resolvedAt);
  assertError(
    await call(`/api/support/tickets/${ticket.id}/messages`, { token: owner.token, body: { message: "One more thing" } }),
    409,
    "This ticket is resolved. Reopen it to reply.",
  );
  const reopened = await patchTicket(owner.token, ticket.id, { status: "open" });
  assert.equal(reopened.status, 200, reopened.text);
  assert.deepEqual([ticketSchema.parse(reopened.json).status, ticketSchema.parse(reopened.json).resolvedAt], ["open", null]);
  await reply(owner.token, ticket.id, "One more thing");
});

Deno.test(`the owner may not reopen after ${REOPEN_WITHIN_DAYS} days, set priority or assignment, or await themselves`, async () => {
  const owner = await signedInUser();
  const stranger = await signedInUser();
  const ticket = await openTicket(owner.token, owner.id);
  assertError(
    await patchTicket(owner.token, ticket.id, { priority: "urgent" }),
    403,
    "Only support agents can change a ticket's priority or assignment",
  );
  assertError(
    await patchTicket(owner.token, ticket.id, { assignedTo: owner.id }),
    403,
    "Only support agents can change a ticket's priority or assignment",
  );
  assertError(
    await patchTicket(owner.token, ticket.id, { status: "awaiting_response" }),
    403,
    "You can resolve your ticket, or reopen it once it is resolved",
  );
  assertError(await patchTicket(stranger.token, ticket.id, { status: "resolved" }), 404, NOT_FOUND);
  assert.equal((await patchTicket(owner.token, ticket.id, { status: "resolved" })).status, 200);
  await withDatabase((sql) =>
    sql`update public.support_tickets set resolved_at = now() - make_interval(days => ${REOPEN_WITHIN_DAYS + 1})
        where id = ${ticket.id}`
  );
  assertError(
    await patchTicket(owner.token, ticket.id, { status: "open" }),
    409,
    `A ticket can be reopened within ${REOPEN_WITHIN_DAYS} days of being resolved. Please open a new one.`,
  );
  const empty = await patchTicket(owner.token, ticket.id, {});
  assertError(empty, 400, "Nothing to change: send status, priority or assignedTo");
});

Deno.test("an agent sets priority and status, assigns to themselves or an agent only, and unassigns", async () => {
  const owner = await signedInUser();
  const agent = await signedInAdmin();
  const ticket = await openTicket(owner.token, owner.id);
  const changed = await patchTicket(agent.token, ticket.id, { priority: "high", assignedTo: agent.id, status: "resolved" });
  assert.equal(changed.status, 200, changed.text);
  const seen = ticketSchema.parse(changed.json);
  assert.deepEqual([seen.priority, seen.assignedTo, seen.status], ["high", agent.id, "resolved"]);
  assertError(
    await patchTicket(agent.token, ticket.id, { assignedTo: owner.id }),
    400,
    "assignedTo: must be a support agent's user id",
  );
  assertError(
    await patchTicket(agent.token, ticket.id, { assignedTo: crypto.randomUUID() }),
    400,
    "assignedTo: must be a support agent's user id",
  );
  const unassigned = await patchTicket(agent.token, ticket.id, { assignedTo: null, status: "open" });
  assert.equal(unassigned.status, 200, unassigned.text);
  assert.deepEqual([ticketSchema.parse(unassigned.json).assignedTo, ticketSchema.parse(unassigned.json).status], [null, "open"]);
  assertError(await patchTicket(agent.token, crypto.randomUUID(), { status: "open" }), 404, NOT_FOUND);
});

Deno.test("an agent hides a message: the owner no longer reads it, agents see it hidden; a user may not hide", async () => {
  const owner = await signedInUser();
  const agent = await signedInAdmin();
  const ticket = await openTicket(owner.token, owner.id);
  const kept = await reply(owner.token, ticket.id, "Kept.");
  const slip = await reply(agent.token, ticket.id, "Meant for another ticket.");
  const hide = (token: string, messageId: number | string, ticketId = ticket.id) =>
    call(`/api/support/tickets/${ticketId}/messages/${messageId}/hide`, { method: "POST", token });

  assertError(await hide(owner.token, kept.id), 403, ADMIN_ONLY_MESSAGE);
  const hidden = await hide(agent.token, slip.id);
  assert.equal(hidden.status, 200, hidden.text);
  assert.deepEqual(ticketMessageSchema.parse(hidden.json), { ...slip, hidden: true });

  assert.deepEqual((await messagesOf(owner.token, ticket.id)).map((message) => message.id), [kept.id]);
  const agentView = await messagesOf(agent.token, ticket.id);
  assert.deepEqual(agentView.map(({ id, hidden }) => [id, hidden]), [[kept.id, false], [slip.id, true]]);

  const other = await openTicket(owner.token, owner.id);
  assertError(await hide(agent.token, kept.id, other.id), 404, "Message not found");
  assertError(await hide(agent.token, "not-a-message"), 404, "Message not found");
  assertError(await hide(agent.token, slip.id, "not-a-ticket"), 404, NOT_FOUND);
});

Deno.test("the agents' queue is 403 for a user who is not an admin", async () => {
  const user = await signedInUser();
  assertError(await call("/api/support/admin/tickets", { token: user.token }), 403, ADMIN_ONLY_MESSAGE);
});

Deno.test("the agents' queue filters, searches by subject or the user's email, and pages", async () => {
  const owner = await signedInUser();
  const agent = await signedInAdmin();
  const marker = `quartz${crypto.randomUUID().slice(0, 8)}`;
  const urgent = await openTicket(owner.token, owner.id, { subject: `Urgent ${marker}`, priority: "urgent", category: "billing" });
  const plain = await openTicket(owner.token, owner.id, { subject: `Plain ${marker}` });
  await patchTicket(agent.token, plain.id, { assignedTo: agent.id });
  const queue = async (query: string) => {
    const response = await call(`/api/support/admin/tickets?${query}`, { token: agent.token });
    assert.equal(response.status, 200, response.text);
    return adminTicketPageSchema.parse(response.json);
  };
  const all = await queue(`q=${marker}`);
  assert.deepEqual(all.tickets.map((ticket) => ticket.id), [plain.id, urgent.id]);
  assert.deepEqual([all.total, all.page, all.pageSize], [2, 1, 50]);
  const row = all.tickets[1]!;
  assert.deepEqual(
    [row.subject, row.description, row.category, row.priority, row.status, row.unreadCount],
    [`Urgent ${marker}`, "Vorpal gimble wabe mimsy.", "billing", "urgent", "open", 1],
  );
  assert.match(row.userEmail, /@example\.com$/);
  assert.deepEqual((await queue(`q=${marker}&priority=urgent`)).tickets.map((ticket) => ticket.id), [urgent.id]);
  assert.deepEqual((await queue(`q=${marker}&category=billing`)).tickets.map((ticket) => ticket.id), [urgent.id]);
  assert.deepEqual((await queue(`q=${marker}&assigned=me`)).tickets.map((ticket) => ticket.id), [plain.id]);
  assert.deepEqual((await queue(`q=${marker}&assigned=none`)).tickets.map((ticket) => ticket.id), [urgent.id]);
  assert.deepEqual((await queue(`q=${marker}&status=resolved`)).tickets, []);
  const byEmail = await queue(`q=${encodeURIComponent(row.userEmail)}`);
  assert.deepEqual(byEmail.tickets.map((ticket) => ticket.id).sort(), [plain.id, urgent.id].sort());
  const second = await queue(`q=${marker}&page=2&pageSize=1`);
  assert.deepEqual([second.tickets.map((ticket) => ticket.id), second.total], [[urgent.id], 2]);
  assertError(
    await call("/api/support/admin/tickets?pageSize=1000", { token: agent.token }),
    400,
    "pageSize: pageSize must be at most 100",
  );
  assertError(await call("/api/support/admin/tickets?status=closed", { token: agent.token }), 400,
    "status: Status must be one of open, awaiting_response, resolved");
});

Deno.test("an agent's reply mails the owner a link to the ticket and nothing of the conversation", async () => {
  const owner = await signedInUser();
  const agent = await signedInAdmin();
  const ownerEmail = await withDatabase(async (sql) =>
    (await sql<{ email: string }[]>`select email from public.profiles where id = ${owner.id}`)[0]!.email
  );
  const ticket = await openTicket(owner.token, owner.id);
  await reply(agent.token, ticket.id, "Secret reply text");
  const mail = await waitForMail(ownerEmail, () => true);
  assert.equal(mail.subject, "New reply to your support ticket");
  assert.deepEqual(mail.text.match(/https?:\/\/\S+/g)?.map((link) => new URL(link).pathname + new URL(link).search), [
    `/support?ticket=${ticket.id}`,
  ]);
  assert.doesNotMatch(mail.text, /Secret reply text|Vorpal|Xylophone/);
  // "Once in 15 minutes" is private.support_claim_email_notice's, proven in pgTAP with set timestamps: a second mail
  // could only be shown missing here by waiting some arbitrary time for it.
});

Deno.test("a new ticket and the owner's reply mail the agents a link to the ticket in their queue", async () => {
  const owner = await signedInUser();
  const agent = await signedInAdmin();
  const agentEmail = await withDatabase(async (sql) =>
    (await sql<{ email: string }[]>`select email from public.profiles where id = ${agent.id}`)[0]!.email
  );
  const ticket = await openTicket(owner.token, owner.id);
  // Other tests' tickets mail every admin too: this ticket's mail is the one naming it.
  const mail = await waitForMail(agentEmail, (candidate) => candidate.text.includes(ticket.id));
  assert.equal(mail.subject, "New support ticket");
  assert.match(mail.text, new RegExp(`/admin/support\\?ticket=${ticket.id}(\\s|$)`));
  assert.doesNotMatch(mail.text, /Vorpal|Xylophone/);
  // The reply comes "15 minutes later": the throttle's record of the first mail is gone.
  await withDatabase((sql) => sql`delete from public.support_email_notices where ticket_id = ${ticket.id}`);
  await reply(owner.token, ticket.id, "Still waiting");
  const replied = await waitForMail(
    agentEmail,
    (candidate) => candidate.subject === "New reply on a support ticket" && candidate.text.includes(ticket.id),
  );
  assert.doesNotMatch(replied.text, /Still waiting/);
});
