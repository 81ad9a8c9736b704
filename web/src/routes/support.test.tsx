// The support center as a person uses it, through the real app and router; the API is stood in for at fetch and
// Realtime by the fake whose topics the test plays.
import { AI_ANSWER_LABEL, type Ticket, type TicketMessage } from "@contracts/support";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { fakeTopics } from "@/test/realtime";
import { renderApp } from "@/test/render-app";
import { message, OTHER_TICKET_ID, ticket, ticketChanged, TICKET_ID } from "@/test/support";

type Server = { tickets: Ticket[]; messages: TicketMessage[] };

function serve(server: Server) {
  storeSessionFor(demoUser);
  const requests: { method: string; path: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    const body = request.method === "GET" ? undefined : await request.json();
    requests.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body as Record<string, unknown>;
  };
  const fetchMock = mockNetwork({
    "GET /api/user": () => json(demoUser),
    "GET /api/support/tickets": () => json(server.tickets),
    [`GET /api/support/tickets/${TICKET_ID}/messages`]: () => json(server.messages),
    [`POST /api/support/tickets/${TICKET_ID}/read`]: async (request) => {
      await record(request);
      return new Response(null, { status: 204 });
    },
    [`POST /api/support/tickets/${TICKET_ID}/messages`]: async (request) => {
      const body = await record(request);
      const sent = message(100 + server.messages.length, { message: String(body.message) });
      server.messages = [...server.messages, sent];
      return json(sent, { status: 201 });
    },
    [`PATCH /api/support/tickets/${TICKET_ID}`]: async (request) => {
      const body = await record(request);
      const status = body.status as Ticket["status"];
      server.tickets = server.tickets.map((item) =>
        item.id === TICKET_ID ? { ...item, status, resolvedAt: status === "resolved" ? "2026-11-22T09:00:00Z" : null } : item,
      );
      return json(server.tickets.find((item) => item.id === TICKET_ID));
    },
    "POST /api/support/tickets": async (request) => {
      const body = await record(request);
      const created = ticket({ subject: String(body.subject), description: String(body.description) });
      server.tickets = [created];
      server.messages = []; // the description is the ticket's first message, which the API leaves out
      return json(created, { status: 201 });
    },
  });
  const calls = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input).endsWith(path)).length;
  return { requests, calls };
}

describe("/support", () => {
  it("starts with the spec's empty state, checks the New Ticket dialog, opens the ticket and shows it selected", async () => {
    const { requests } = serve({ tickets: [], messages: [] });
    const { user, router } = await renderApp("/support");

    expect(await screen.findByText("No support tickets found")).toBeVisible();
    expect(document.title).toBe("Support · MailScout");
    await user.click(screen.getByRole("button", { name: "Open your first ticket" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New Ticket" }));
    expect(dialog.getByLabelText("Category")).toHaveValue("general");
    expect(dialog.getByLabelText("Priority")).toHaveValue("medium");

    await user.type(dialog.getByLabelText("Subject"), "   ");
    await user.click(dialog.getByRole("button", { name: "Create Ticket" }));
    expect(await dialog.findByText("Subject is required")).toBeVisible();
    expect(dialog.getByText("Description is required")).toBeVisible();
    expect(requests).toEqual([]);

    await user.type(dialog.getByLabelText("Subject"), "CSV upload stuck");
    await user.type(dialog.getByLabelText("Description"), "My upload stays at 0%.");
    await user.selectOptions(dialog.getByLabelText("Category"), "Technical");
    await user.click(dialog.getByRole("button", { name: "Create Ticket" }));

    await waitFor(() => expect(router.state.location.search).toEqual({ ticket: TICKET_ID }));
    expect(requests[0]).toEqual({
      method: "POST",
      path: "/api/support/tickets",
      body: { subject: "CSV upload stuck", description: "My upload stays at 0%.", category: "technical", priority: "medium" },
    });
    const log = await screen.findByRole("log", { name: "Conversation: CSV upload stuck" });
    expect(log).toHaveAttribute("aria-live", "polite");
    expect(within(log).getByText("My upload stays at 0%.")).toBeVisible();
    expect(screen.getByRole("link", { name: /CSV upload stuck/, current: "page" })).toBeVisible();
  });

  it("lists tickets with badges, dates and unread markers, and answers with the automatic answer that solves it", async () => {
    const server: Server = {
      tickets: [
        ticket({ unreadCount: 1, status: "awaiting_response", lastActivityAt: "2026-11-21T15:30:00Z" }),
        ticket({ id: OTHER_TICKET_ID, subject: "Invoice", category: "billing", priority: "high" }),
      ],
      messages: [
        message(2, {
          senderType: "ai",
          senderName: null,
          message: `${AI_ANSWER_LABEL}\n\nHow large may a file be?\n\nUp to 100,000 emails per file.\n\nRead more: /bulk-validation?tab=faq`,
          createdAt: "2026-11-21T15:30:00Z",
        }),
      ],
    };
    const { requests } = serve(server);
    const { user } = await renderApp(`/support?ticket=${TICKET_ID}`);

    const list = within(await screen.findByRole("navigation", { name: "Your tickets" }));
    const first = list.getByRole("link", { name: /CSV upload stuck/ });
    expect(within(first).getByText("Awaiting response")).toBeVisible();
    expect(within(first).getByText("Nov 21, 2026")).toBeVisible();
    expect(within(first).getByLabelText("1 unread reply")).toBeVisible();
    expect(within(list.getByRole("link", { name: /Invoice/ })).getByText("High")).toBeVisible();
    const nav = within(screen.getByRole("navigation", { name: "Main" }));
    expect(nav.getByRole("link", { name: "Support (1 ticket with unread replies)" })).toBeVisible();

    // Its time in the reader's zone: the minutes are the same in any of them.
    const answer = within(await screen.findByRole("article", { name: new RegExp(`^${AI_ANSWER_LABEL}, \\d{1,2}:30 [AP]M$`) }));
    expect(answer.getByRole("link", { name: "/bulk-validation?tab=faq" })).toHaveAttribute("href", "/bulk-validation?tab=faq");
    // The label heads the answer once, not again in its text.
    expect(answer.getAllByText(AI_ANSWER_LABEL)).toHaveLength(1);
    // Hiding a message is the agents' alone.
    expect(answer.queryByRole("button", { name: "Hide" })).not.toBeInTheDocument();
    // Seen, so the badge goes.
    await waitFor(() =>
      expect(requests).toContainEqual({ method: "POST", path: `/api/support/tickets/${TICKET_ID}/read`, body: { lastReadMessageId: 2 } }),
    );
    expect(nav.getByRole("link", { name: "Support" })).toBeVisible();

    await user.click(answer.getByRole("button", { name: "This solved it" }));
    await waitFor(() => expect(screen.queryByLabelText("Reply")).not.toBeInTheDocument());
    expect(requests).toContainEqual({ method: "PATCH", path: `/api/support/tickets/${TICKET_ID}`, body: { status: "resolved" } });
    expect(screen.getByRole("button", { name: "Reopen" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "This solved it" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Reopen" }));
    expect(await screen.findByLabelText("Reply")).toBeVisible();
  });

  it("sends a reply with Ctrl+Enter, never a blank one, and keeps an unsent draft per ticket", async () => {
    const { requests } = serve({
      tickets: [ticket(), ticket({ id: OTHER_TICKET_ID, subject: "Invoice" })],
      messages: [],
    });
    const { user, router } = await renderApp(`/support?ticket=${TICKET_ID}`);
    const reply = await screen.findByLabelText("Reply");
    expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();
    await user.type(reply, "   {Control>}{Enter}{/Control}");
    expect(requests.filter((request) => request.path.endsWith("/messages"))).toEqual([]);

    await user.clear(reply);
    await user.type(reply, "Still stuck");
    // The agent sees the user typing (at most one event every two seconds).
    expect(fakeTopics.get(`ticket:${TICKET_ID}`)?.sent).toEqual([{ event: "typing", payload: { senderType: "user", name: "demo" } }]);
    await act(() => router.navigate({ to: "/support", search: { ticket: OTHER_TICKET_ID } }));
    await act(() => router.navigate({ to: "/support", search: { ticket: TICKET_ID } }));
    expect(await screen.findByLabelText("Reply")).toHaveValue("Still stuck");

    await user.type(screen.getByLabelText("Reply"), "{Control>}{Enter}{/Control}");
    await waitFor(() => expect(screen.getByLabelText("Reply")).toHaveValue(""));
    expect(requests).toContainEqual({ method: "POST", path: `/api/support/tickets/${TICKET_ID}/messages`, body: { message: "Still stuck" } });
    expect(within(screen.getByRole("log")).getByText("Still stuck")).toBeVisible();
  });

  it("shows the agent's reply, typing and ticket changes live, says when the connection is down and catches up after", async () => {
    const server: Server = { tickets: [ticket()], messages: [] };
    const { calls } = serve(server);
    await renderApp(`/support?ticket=${TICKET_ID}`);
    const log = within(await screen.findByRole("log"));
    const topic = () => fakeTopics.get(`ticket:${TICKET_ID}`);
    act(() => topic()?.state("live"));

    act(() => topic()?.emit("typing", { senderType: "admin", name: "Alex" }));
    expect(screen.getByText("Alex is typing…")).toBeVisible();
    act(() => topic()?.emit("message", message(2, { senderType: "admin", senderName: "Alex", message: "Try a smaller file." })));
    expect(log.getByText("Try a smaller file.")).toBeVisible();
    expect(screen.queryByText("Alex is typing…")).not.toBeInTheDocument();

    act(() =>
      fakeTopics.get(`user:${demoUser.id}`)?.emit(
        "ticket",
        ticketChanged({ change: "status", status: "resolved", resolvedAt: "2026-11-22T09:00:00Z" }),
      ),
    );
    await waitFor(() => expect(screen.queryByLabelText("Reply")).not.toBeInTheDocument());

    const before = calls(`/tickets/${TICKET_ID}/messages`);
    act(() => topic()?.state("down"));
    expect(screen.getByText(/Connection lost/)).toBeVisible();
    act(() => topic()?.state("live"));
    await waitFor(() => expect(calls(`/tickets/${TICKET_ID}/messages`)).toBe(before + 1));
    expect(screen.queryByText(/Connection lost/)).not.toBeInTheDocument();
  });

  it("says when the list's live connection is down, and brings the list afresh when it is back", async () => {
    const { calls } = serve({ tickets: [ticket()], messages: [] });
    await renderApp("/support");
    expect(await screen.findByRole("navigation", { name: "Your tickets" })).toBeVisible();
    const topic = () => fakeTopics.get(`user:${demoUser.id}`);
    act(() => topic()?.state("down"));
    expect(screen.getByText("Connection lost. Your tickets update again once we reconnect.")).toBeVisible();
    const before = calls("/api/support/tickets");
    act(() => topic()?.state("live"));
    await waitFor(() => expect(calls("/api/support/tickets")).toBe(before + 1));
    expect(screen.queryByText(/Connection lost/)).not.toBeInTheDocument();
  });

  it("says a ticket that is not the user's is not found", async () => {
    serve({ tickets: [ticket()], messages: [] });
    await renderApp(`/support?ticket=${OTHER_TICKET_ID}`);
    expect(await screen.findByText("Ticket not found")).toBeVisible();
    expect(screen.getByText("This ticket doesn't exist, or it isn't yours.")).toBeVisible();
  });

  it("shows the server's message only when a ticket can't be opened", async () => {
    storeSessionFor(demoUser);
    mockNetwork({
      "GET /api/user": () => json(demoUser),
      "GET /api/support/tickets": () => json([]),
      "POST /api/support/tickets": () => json({ message: "You have opened too many tickets this hour." }, { status: 429 }),
    });
    const { user } = await renderApp("/support");
    await user.click(await screen.findByRole("button", { name: "Open your first ticket" }));
    const dialog = within(await screen.findByRole("dialog", { name: "New Ticket" }));
    await user.type(dialog.getByLabelText("Subject"), "Help");
    await user.type(dialog.getByLabelText("Description"), "Please");
    await user.click(dialog.getByRole("button", { name: "Create Ticket" }));
    expect(await screen.findByText("You have opened too many tickets this hour.")).toBeVisible();
    expect(dialog.getByLabelText("Subject")).toHaveValue("Help");
  });
});
