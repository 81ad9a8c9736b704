// The credits tab against a stand-in for the admin API at fetch: grants in cursor pages, revoking an unused one,
// and granting to a user found by search.
import type { CreditGrant } from "@contracts/admin";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { adminUserRow, ANN_ID, BOB_ID, creditGrant } from "@/test/admin-users";
import { renderWithAuth } from "@/test/render-app";
import { CreditsTab } from "./credits-tab";

function serve(pages: CreditGrant[][], extra: Parameters<typeof mockNetwork>[0] = {}) {
  storeSessionFor(adminUser);
  const cursors: (string | null)[] = [];
  let failing = false;
  mockNetwork({
    "GET /api/user": () => json(adminUser),
    "GET /api/admin/credit-grants": (request) => {
      const cursor = new URL(request.url).searchParams.get("cursor");
      cursors.push(cursor);
      if (failing) return json({ message: "Database unavailable" }, { status: 503 });
      const index = cursor === null ? 0 : Number(cursor);
      return json({ grants: pages[index] ?? [], nextCursor: index + 1 < pages.length ? index + 1 : null });
    },
    ...extra,
  });
  return { cursors, fail: (value: boolean) => (failing = value) };
}

describe("credits tab", () => {
  it("lists grants page by page with where each stands, offering Revoke only for an unused one", async () => {
    const { cursors } = serve([
      [
        creditGrant(4),
        creditGrant(3, { creditsUsed: 200, userEmail: "bob@example.com", userId: BOB_ID }),
        creditGrant(2, { revokedAt: "2026-11-21T10:00:00Z", isActive: false }),
      ],
      [creditGrant(1, { creditsUsed: 500, grantType: "trial_extension", expiresAt: "2026-12-31T00:00:00Z" })],
    ]);
    const { user } = renderWithAuth(<CreditsTab />);
    const table = within(await screen.findByRole("table", { name: "Credit grants" }));
    const row = (reason: string) => within(table.getByText(reason).closest("tr")!);
    expect(row("Grant 4").getByText("Active")).toBeVisible();
    expect(row("Grant 4").getByRole("button", { name: "Revoke 500 credits granted to ann@example.com" })).toBeVisible();
    expect(row("Grant 3").getByText("Partly used")).toBeVisible();
    expect(row("Grant 3").queryByRole("button")).not.toBeInTheDocument();
    expect(row("Grant 2").getByText("Revoked")).toBeVisible();
    expect(row("Grant 2").queryByRole("button")).not.toBeInTheDocument();
    expect(table.queryByText("Grant 1")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await table.findByText("Grant 1")).toBeVisible();
    expect(row("Grant 1").getByText("Used")).toBeVisible();
    expect(row("Grant 1").getByText("Trial extension")).toBeVisible();
    expect(cursors).toEqual([null, "1"]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("revokes an unused grant after confirming, and shows the server's 409 in a toast", async () => {
    const deleted: string[] = [];
    let refuse = false;
    serve([[creditGrant(4)]], {
      "DELETE /api/admin/credit-grants/4": (request) => {
        deleted.push(new URL(request.url).pathname);
        return refuse
          ? json({ message: "Some of this grant's credits were already spent" }, { status: 409 })
          : new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithAuth(<CreditsTab />);
    await user.click(await screen.findByRole("button", { name: "Revoke 500 credits granted to ann@example.com" }));
    const confirm = within(screen.getByRole("alertdialog", { name: "Revoke grant" }));
    expect(confirm.getByText(/500 credits come off ann@example.com's granted balance/)).toBeVisible();
    await user.click(confirm.getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("500 credits taken back from ann@example.com")).toBeVisible();
    expect(deleted).toEqual(["/api/admin/credit-grants/4"]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());

    // Spent meanwhile, elsewhere: the server refuses, and says why.
    refuse = true;
    await user.click(await screen.findByRole("button", { name: "Revoke 500 credits granted to ann@example.com" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Revoke grant" })).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("Some of this grant's credits were already spent")).toBeVisible();
  });

  it("grants credits to a user found by searching, and lists the new grant", async () => {
    const searches: string[] = [];
    const sent: unknown[] = [];
    let grants = [creditGrant(4)];
    serve([], {
      "GET /api/admin/credit-grants": () => json({ grants, nextCursor: null }),
      "GET /api/admin/users": (request) => {
        searches.push(new URL(request.url).search);
        return json({ users: [adminUserRow(), adminUserRow({ id: BOB_ID, email: "annie@example.com", username: "annie" })], total: 2, page: 1, pageSize: 8 });
      },
      [`POST /api/admin/users/${ANN_ID}/credits`]: async (request) => {
        const body = await request.json();
        sent.push(body);
        grants = [creditGrant(5, { amount: body.amount, reason: body.reason }), ...grants];
        return json({ user: adminUserRow({ balances: { freeValidationsUsed: 10, grantedCredits: body.amount, paidCredits: 800 } }) });
      },
    });
    const { user } = renderWithAuth(<CreditsTab />);
    await screen.findByRole("table", { name: "Credit grants" });
    await user.click(screen.getByRole("button", { name: "Grant credits" }));
    const dialog = within(screen.getByRole("dialog", { name: "Grant credits" }));

    await user.type(dialog.getByLabelText("Amount"), "250");
    await user.type(dialog.getByLabelText("Reason"), "Beta tester");
    await user.click(dialog.getByRole("button", { name: "Grant credits" }));
    expect(await dialog.findByText("Choose a user")).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(dialog.getByLabelText("User"), "ann");
    const matches = within(await dialog.findByRole("group", { name: "Matching users" }));
    await user.click(await matches.findByRole("radio", { name: "ann@example.com (ann)" }));
    expect(searches).toEqual(["?search=ann&pageSize=8"]);
    await user.click(dialog.getByRole("button", { name: "Grant credits" }));

    expect(await screen.findByText("250 credits granted to ann@example.com")).toBeVisible();
    expect(sent).toEqual([{ amount: 250, grantType: "bonus", reason: "Beta tester" }]);
    expect(await screen.findByText("Beta tester")).toBeVisible();
  });

  it("says when the grants could not be loaded, and when there are none", async () => {
    const { fail } = serve([]);
    fail(true);
    const { user } = renderWithAuth(<CreditsTab />);
    expect(await screen.findByText(/Failed to load credit grants/)).toBeVisible();
    fail(false);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No credits granted yet")).toBeVisible();
  });
});
