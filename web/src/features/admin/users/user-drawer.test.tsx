// The user drawer from the users tab, against a stand-in for the admin API that keeps the user's state: each action
// sends what the contract asks, says how it went, and the row and the drawer show the user as they are afterwards.
import type { AdminUserRow } from "@contracts/admin";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { activityEntry, adminUserRow, ANN_ID, creditGrant, userDetail } from "@/test/admin-users";
import { renderWithAuth } from "@/test/render-app";
import { UsersTab } from "./users-tab";

type Sent = { method: string; path: string; body: unknown };

function serve(start: AdminUserRow = adminUserRow(), refusals: Record<string, { status: number; message: string }> = {}) {
  storeSessionFor(adminUser);
  let user = start;
  const sent: Sent[] = [];
  let detailReads = 0;
  const base = `/api/admin/users/${ANN_ID}`;
  const act = (change: (body: Record<string, unknown>) => AdminUserRow) => async (request: Request) => {
    const path = new URL(request.url).pathname;
    const body = request.method === "DELETE" ? undefined : await request.json();
    sent.push({ method: request.method, path, body });
    const refusal = refusals[`${request.method} ${path}`];
    if (refusal) return json({ message: refusal.message }, { status: refusal.status });
    user = change(body);
    return json({ user });
  };
  mockNetwork({
    "GET /api/user": () => json(adminUser),
    "GET /api/admin/users": () => json({ users: [user], total: 1, page: 1, pageSize: 25 }),
    [`GET ${base}`]: () => {
      detailReads += 1;
      return json(
        userDetail(user, {
          grants: [creditGrant(1, { reason: "Welcome gift" })],
          recentActivity: [activityEntry(1, { endpoint: "/api/validate", isAnomalous: true, anomalyReason: "burst", requestCount: 240 })],
        }),
      );
    },
    [`POST ${base}/credits`]: act((body) => ({
      ...user,
      balances: { ...user.balances, grantedCredits: user.balances.grantedCredits + Number(body.amount) },
    })),
    [`PATCH ${base}/throttle`]: act((body) => ({ ...user, throttle: body as AdminUserRow["throttle"] })),
    [`POST ${base}/suspension`]: act((body) => ({ ...user, suspendedUntil: String(body.until), suspensionReason: String(body.reason) })),
    [`DELETE ${base}/suspension`]: act(() => ({ ...user, suspendedUntil: null, suspensionReason: null })),
    [`PATCH ${base}`]: act((body) => ({ ...user, isAdmin: Boolean(body.isAdmin) })),
  });
  return { sent, detailReads: () => detailReads };
}

async function openDrawer() {
  const rendered = renderWithAuth(<UsersTab />);
  await rendered.user.click(await screen.findByRole("button", { name: "ann@example.com" }));
  const drawer = within(await screen.findByRole("dialog", { name: "ann@example.com" }));
  await drawer.findByRole("region", { name: "Balances" });
  return { ...rendered, drawer };
}

describe("user drawer", () => {
  it("shows the user's profile, usage, balances, recent activity and grants", async () => {
    serve();
    const { drawer } = await openDrawer();
    const balances = within(drawer.getByRole("region", { name: "Balances" }));
    expect(balances.getByText("Free validations used").nextSibling).toHaveTextContent("10");
    expect(balances.getByText("Paid credits").nextSibling).toHaveTextContent("800");
    expect(within(drawer.getByRole("region", { name: "Usage" })).getByText("Validations this month").nextSibling).toHaveTextContent("300");
    expect(within(drawer.getByRole("region", { name: "Profile" })).getByText("Plan").nextSibling).toHaveTextContent("Free");
    const activity = within(drawer.getByRole("region", { name: "Recent activity" }));
    expect(activity.getByText("/api/validate")).toBeVisible();
    expect(activity.getByText("Burst")).toBeVisible();
    expect(within(drawer.getByRole("region", { name: "Grants" })).getByText(/Welcome gift/)).toBeVisible();
  });

  it("grants credits, and the drawer and the row show the new balance", async () => {
    const { sent, detailReads } = serve();
    const { user, drawer } = await openDrawer();
    const readsBefore = detailReads();
    await user.click(drawer.getByRole("button", { name: "Grant credits" }));
    const dialog = within(screen.getByRole("dialog", { name: "Grant credits" }));

    await user.click(dialog.getByRole("button", { name: "Grant credits" }));
    expect(await dialog.findByText("Amount must be a number")).toBeVisible();
    expect(dialog.getByText("Reason is required")).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(dialog.getByLabelText("Amount"), "500");
    await user.selectOptions(dialog.getByLabelText("Grant type"), "Compensation");
    await user.type(dialog.getByLabelText("Reason"), "Outage on Monday");
    await user.click(dialog.getByRole("button", { name: "Grant credits" }));

    expect(await screen.findByText("500 credits granted to ann@example.com")).toBeVisible();
    expect(sent).toEqual([
      { method: "POST", path: `/api/admin/users/${ANN_ID}/credits`, body: { amount: 500, grantType: "compensation", reason: "Outage on Monday" } },
    ]);
    expect(screen.queryByRole("dialog", { name: "Grant credits" })).not.toBeInTheDocument();
    await waitFor(() => expect(detailReads()).toBeGreaterThan(readsBefore));
    const balances = within(drawer.getByRole("region", { name: "Balances" }));
    await waitFor(() => expect(balances.getByText("Granted credits").nextSibling).toHaveTextContent("500"));
    const table = within(screen.getByRole("table", { name: "Users", hidden: true }));
    await waitFor(() => expect(table.getByText("500 / 800")).toBeInTheDocument());
  });

  it("throttles with the default limit, refusing a level outside 0 to 100", async () => {
    const { sent } = serve();
    const { user, drawer } = await openDrawer();
    await user.click(drawer.getByRole("button", { name: "Throttle" }));
    const dialog = within(screen.getByRole("dialog", { name: "Throttle" }));
    expect(dialog.getByLabelText("Max requests per minute")).toHaveValue("10");
    expect(dialog.getByText("Not throttled: the usual limits apply.")).toBeVisible();

    await user.click(dialog.getByRole("switch", { name: "Throttle enabled" }));
    expect(dialog.getByText("Allows 10 requests per minute.")).toBeVisible();
    const level = dialog.getByLabelText("Throttle level (%)");
    await user.clear(level);
    await user.type(level, "150");
    await user.click(dialog.getByRole("button", { name: "Save throttle" }));
    expect(await dialog.findByText("Throttle level must be between 0 and 100")).toBeVisible();
    expect(sent).toEqual([]);

    await user.clear(level);
    await user.type(level, "50");
    expect(dialog.getByText("Allows 5 requests per minute (50% of 10).")).toBeVisible();
    await user.click(dialog.getByRole("button", { name: "Save throttle" }));
    expect(await screen.findByText("ann@example.com may make 5 requests per minute (50% of 10)")).toBeVisible();
    expect(sent).toEqual([
      {
        method: "PATCH",
        path: `/api/admin/users/${ANN_ID}/throttle`,
        body: { throttleEnabled: true, maxRequestsPerMinute: 10, currentThrottleLevel: 50 },
      },
    ]);
    const limits = within(drawer.getByRole("region", { name: "Limits" }));
    await waitFor(() => expect(limits.getByText("Throttle").nextSibling).toHaveTextContent("5 requests per minute (50% of 10)"));
  });

  it("suspends with an end and a reason, then lifts the suspension", async () => {
    const { sent } = serve();
    const { user, drawer } = await openDrawer();
    await user.click(drawer.getByRole("button", { name: "Suspend" }));
    const dialog = within(screen.getByRole("dialog", { name: "Suspend user" }));
    // A week ahead unless changed.
    const until = Date.parse(dialog.getByLabelText<HTMLInputElement>("Suspended until").value);
    expect(until).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    await user.type(dialog.getByLabelText("Reason"), "Abusive scraping");
    await user.click(dialog.getByRole("button", { name: "Suspend" }));

    expect(await screen.findByText(/^ann@example.com is suspended until/)).toBeVisible();
    expect(sent[0]).toMatchObject({ method: "POST", path: `/api/admin/users/${ANN_ID}/suspension`, body: { reason: "Abusive scraping" } });
    expect(Date.parse((sent[0]?.body as { until: string }).until)).toBe(until);
    const limits = within(drawer.getByRole("region", { name: "Limits" }));
    await waitFor(() => expect(limits.getByText("Suspension").nextSibling).toHaveTextContent(/: Abusive scraping$/));

    await user.click(await drawer.findByRole("button", { name: "Unsuspend" }));
    expect(await screen.findByText("ann@example.com can use the platform again")).toBeVisible();
    expect(sent[1]).toEqual({ method: "DELETE", path: `/api/admin/users/${ANN_ID}/suspension`, body: undefined });
    expect(await drawer.findByRole("button", { name: "Suspend" })).toBeVisible();
  });

  it("makes an admin after confirming", async () => {
    const { sent } = serve();
    const { user, drawer } = await openDrawer();
    await user.click(drawer.getByRole("button", { name: "Make admin" }));
    const confirm = within(screen.getByRole("alertdialog", { name: "Make admin" }));
    await user.click(confirm.getByRole("button", { name: "Cancel" }));
    expect(sent).toEqual([]);

    await user.click(drawer.getByRole("button", { name: "Make admin" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Make admin" })).getByRole("button", { name: "Make admin" }));
    expect(await screen.findByText("ann@example.com is now an admin")).toBeVisible();
    expect(sent).toEqual([{ method: "PATCH", path: `/api/admin/users/${ANN_ID}`, body: { isAdmin: true } }]);
    expect(await drawer.findByRole("button", { name: "Revoke admin" })).toBeVisible();
  });

  it("shows the server's refusal to revoke the last admin, and the user stays an admin", async () => {
    const { sent } = serve(adminUserRow({ isAdmin: true }), {
      [`PATCH /api/admin/users/${ANN_ID}`]: { status: 409, message: "The last admin can't lose the admin flag" },
    });
    const { user, drawer } = await openDrawer();
    await user.click(drawer.getByRole("button", { name: "Revoke admin" }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Revoke admin" })).getByRole("button", { name: "Revoke admin" }));
    expect(await screen.findByText("The last admin can't lose the admin flag")).toBeVisible();
    expect(sent).toEqual([{ method: "PATCH", path: `/api/admin/users/${ANN_ID}`, body: { isAdmin: false } }]);
    expect(drawer.getByRole("button", { name: "Revoke admin" })).toBeVisible();
  });

  it("says so when the user can't be loaded", async () => {
    storeSessionFor(adminUser);
    mockNetwork({
      "GET /api/user": () => json(adminUser),
      "GET /api/admin/users": () => json({ users: [adminUserRow()], total: 1, page: 1, pageSize: 25 }),
      [`GET /api/admin/users/${ANN_ID}`]: () => json({ message: "User not found" }, { status: 404 }),
    });
    const { user } = renderWithAuth(<UsersTab />);
    await user.click(await screen.findByRole("button", { name: "ann@example.com" }));
    const drawer = within(await screen.findByRole("dialog", { name: "User" }));
    expect(await drawer.findByText(/User not found/)).toBeVisible();
    expect(drawer.getByRole("button", { name: "Try again" })).toBeVisible();
  });
});
