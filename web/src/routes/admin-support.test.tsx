// The agents' queue through the real app and router; the API stood in for at fetch, Realtime by the fake.
import type { AdminTicketRow } from "@contracts/support";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminUser, demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { fakeTopics } from "@/test/realtime";
import { renderApp } from "@/test/render-app";
import { adminRow, message, OTHER_TICKET_ID, ticket, ticketChanged, TICKET_ID } from "@/test/support";

function serve(rows: AdminTicketRow[]) {
  storeSessionFor(adminUser);
  const queries: string[] = [];
  const patches: unknown[] = [];
  const hidden: string[] = [];
  let current = rows;
  mockNetwork({
    "GET /api/user": () => json(adminUser),
    "GET /api/support/tickets": () => json([]),
    "GET /api/support/admin/tickets": (request) => {
      queries.push(new URL(request.url).search);
      return json({ tickets: current, total: current.length, page: 1, pageSize: 50 });
    },
    [`GET /api/support/tickets/${TICKET_ID}/messages`]: () =>
      json([message(1, { message: "My upload stays at 0%." }), message(2, { message: "Anyone there?" })]),
    [`GET /api/support/tickets/${OTHER_TICKET_ID}/messages`]: () =>
      json([message(3, { ticketId: OTHER_TICKET_ID, message: "Where is my invoice?" })]),
    [`POST /api/support/tickets/${TICKET_ID}/read`]: () => new Response(null, { status: 204 }),
    [`POST /api/support/tickets/${OTHER_TICKET_ID}/read`]: () => new Response(null, { status: 204 }),
    [`POST /api/support/tickets/${TICKET_ID}/messages/2/hide`]: (request) => {
      hidden.push(new URL(request.url).pathname);
      return json(message(2, { message: "Anyone there?", hidden: true }));
    },
    [`PATCH /api/support/tickets/${TICKET_ID}`]: async (request) => {
      const patch = await request.json();
      patches.push(patch);
      current = current.map((row) => (row.id === TICKET_ID ? { ...row, ...patch } : row));
      return json(ticket(patch));
    },
  });
  return { queries, patches, hidden, setRows: (next: AdminTicketRow[]) => (current = next) };
}

describe("/admin/support", () => {
  it("is for admins only", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/support/tickets": () => json([]) });
    await renderApp("/admin/support");
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeVisible();
  });

  it("lists the queue, filters it through the address, and opens a conversation with the agent's controls", async () => {
    const { queries, patches } = serve([
      adminRow({ unreadCount: 1 }),
      adminRow({ id: OTHER_TICKET_ID, subject: "Invoice", userEmail: "ann@example.com", priority: "high" }),
    ]);
    const { user, router } = await renderApp("/admin/support");

    const table = within(await screen.findByRole("table", { name: "Support tickets" }));
    expect(table.getByRole("cell", { name: "ann@example.com" })).toBeVisible();
    expect(table.getByLabelText("1 unread reply")).toBeVisible();
    expect(document.title).toBe("Support queue · MailScout");

    await user.selectOptions(screen.getByLabelText("Status"), "Open");
    await waitFor(() => expect(queries.at(-1)).toBe("?status=open&page=1"));
    expect(router.state.location.search).toEqual({ status: "open" });
    await user.type(screen.getByLabelText("Search tickets"), "ann@{Enter}");
    await waitFor(() => expect(queries.at(-1)).toBe("?status=open&q=ann%40&page=1"));

    await user.click(table.getByRole("button", { name: "CSV upload stuck" }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ ticket: TICKET_ID }));
    const log = within(await screen.findByRole("log", { name: "Conversation: CSV upload stuck" }));
    expect(log.getByText("Anyone there?")).toBeVisible();
    // The opening message comes with the queue's row, as the messages endpoint leaves it out.
    expect(within(screen.getByRole("article", { name: "Ticket description" })).getByText(adminRow().description)).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Assign to me" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Ticket priority" }), "Urgent");
    await waitFor(() => expect(patches).toEqual([{ assignedTo: adminUser.id }, { priority: "urgent" }]));
    expect(await screen.findByRole("button", { name: "Unassign" })).toBeVisible();
  });

  it("hides a message from the user after the agent confirms, and marks it hidden", async () => {
    const { hidden } = serve([adminRow()]);
    const { user } = await renderApp(`/admin/support?ticket=${TICKET_ID}`);
    const log = within(await screen.findByRole("log", { name: "Conversation: CSV upload stuck" }));
    expect(log.queryByText("Hidden from the user")).not.toBeInTheDocument();

    await user.click(log.getByRole("button", { name: "Hide" }));
    const confirm = within(screen.getByRole("alertdialog", { name: "Hide Message" }));
    await user.click(confirm.getByRole("button", { name: "Cancel" }));
    expect(hidden).toEqual([]);

    await user.click(log.getByRole("button", { name: "Hide" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Hide Message" })).getByRole("button", { name: "Hide" }));
    expect(await log.findByText("Hidden from the user")).toBeVisible();
    expect(hidden).toEqual([`/api/support/tickets/${TICKET_ID}/messages/2/hide`]);
    expect(log.queryByRole("button", { name: "Hide" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("moves to the next ticket with j or Alt+Down, and back with k", async () => {
    serve([adminRow(), adminRow({ id: OTHER_TICKET_ID, subject: "Invoice" })]);
    const { user, router } = await renderApp(`/admin/support?ticket=${TICKET_ID}`);
    await screen.findByRole("log", { name: "Conversation: CSV upload stuck" });
    await user.keyboard("j");
    expect(await screen.findByRole("log", { name: "Conversation: Invoice" })).toBeVisible();
    expect(router.state.location.search).toMatchObject({ ticket: OTHER_TICKET_ID });
    await user.keyboard("k");
    expect(await screen.findByRole("log", { name: "Conversation: CSV upload stuck" })).toBeVisible();
    // In the reply box j is a letter; Alt+Down still moves on.
    await user.type(screen.getByLabelText("Reply"), "j");
    expect(screen.getByLabelText("Reply")).toHaveValue("j");
    await user.keyboard("{Alt>}{ArrowDown}{/Alt}");
    expect(await screen.findByRole("log", { name: "Conversation: Invoice" })).toBeVisible();
  });

  it("shows a new ticket as soon as support:agents announces it", async () => {
    const { setRows } = serve([]);
    await renderApp("/admin/support");
    expect(await screen.findByText("No support tickets found")).toBeVisible();
    act(() => fakeTopics.get("support:agents")?.state("live"));
    setRows([adminRow({ subject: "Brand new" })]);
    act(() => fakeTopics.get("support:agents")?.emit("ticket", ticketChanged({ change: "created", subject: "Brand new" })));
    expect(await screen.findByRole("button", { name: "Brand new" })).toBeVisible();
  });
});
