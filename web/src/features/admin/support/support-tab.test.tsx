// The support tab through the real app at /admin?tab=support; the API stood in for at fetch.
import type { AdminTicketRow } from "@contracts/support";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json } from "@/test/network";
import { serveAsAdmin } from "@/test/admin-screens";
import { renderApp } from "@/test/render-app";
import { adminRow, message, OTHER_TICKET_ID, TICKET_ID } from "@/test/support";

function serve(rows: AdminTicketRow[] | "fails") {
  const queries: string[] = [];
  serveAsAdmin({
    "GET /api/support/admin/tickets": (request) => {
      queries.push(new URL(request.url).search);
      if (rows === "fails") return json({ message: "Internal server error" }, { status: 500 });
      return json({ tickets: rows, total: rows.length, page: 1, pageSize: 50 });
    },
    [`GET /api/support/tickets/${TICKET_ID}/messages`]: () => json([message(1)]),
    [`POST /api/support/tickets/${TICKET_ID}/read`]: () => new Response(null, { status: 204 }),
  });
  return { queries };
}

describe("admin support tab", () => {
  it("lists the open tickets and opens one in the agents' queue", async () => {
    const { queries } = serve([adminRow({ priority: "urgent" }), adminRow({ id: OTHER_TICKET_ID, subject: "Invoice" })]);
    const { user, router } = await renderApp("/admin?tab=support");

    const table = within(await screen.findByRole("table", { name: "Open support tickets" }));
    expect(queries).toEqual(["?status=open&page=1"]);
    expect(table.getByRole("cell", { name: "Invoice" })).toBeVisible();
    expect(table.getByText("Urgent")).toBeVisible();
    expect(screen.getByText("2 open tickets.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Open the support queue" })).toHaveAttribute("href", "/admin/support");

    await user.click(table.getByRole("link", { name: "View details of CSV upload stuck" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/support"));
    expect(router.state.location.search).toEqual({ status: "open", ticket: TICKET_ID });
    expect(await screen.findByRole("log", { name: "Conversation: CSV upload stuck" })).toBeVisible();
  });

  it("says when there are no open tickets", async () => {
    serve([]);
    await renderApp("/admin?tab=support");
    expect(await screen.findByText("No support tickets found")).toBeVisible();
  });

  it("says when the tickets fail to load", async () => {
    serve("fails");
    await renderApp("/admin?tab=support");
    expect(await screen.findByText(/Failed to load the support tickets/)).toBeVisible();
  });
});
