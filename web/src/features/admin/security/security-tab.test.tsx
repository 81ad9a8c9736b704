// The security tab against a stand-in for the admin API at fetch: who is held back, the activity log with its
// anomalies, and the audit log in words.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { adminUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { activityEntry, adminUserRow, ANN_ID, auditEntry, BOB_ID, userDetail } from "@/test/admin-users";
import { renderWithAuth } from "@/test/render-app";
import { SecurityTab } from "./security-tab";

const ann = adminUserRow({
  throttle: { throttleEnabled: true, maxRequestsPerMinute: 10, currentThrottleLevel: 50 },
  suspendedUntil: "2099-01-01T00:00:00Z",
  suspensionReason: "Abusive scraping",
});
const bob = adminUserRow({ id: BOB_ID, username: "bob", email: "bob@example.com", suspendedUntil: "2099-01-01T00:00:00Z" });

function serve(extra: Parameters<typeof mockNetwork>[0] = {}) {
  storeSessionFor(adminUser);
  const activityQueries: string[] = [];
  const auditCursors: (string | null)[] = [];
  mockNetwork({
    "GET /api/user": () => json(adminUser),
    "GET /api/admin/users": (request) => {
      const filter = new URL(request.url).searchParams.get("filter");
      const users = filter === "throttled" ? [ann] : filter === "suspended" ? [ann, bob] : [];
      return json({ users, total: users.length, page: 1, pageSize: 100 });
    },
    [`GET /api/admin/users/${ANN_ID}`]: () => json(userDetail(ann)),
    "GET /api/admin/activity": (request) => {
      const search = new URL(request.url).search;
      activityQueries.push(search);
      const anomalies = [
        activityEntry(3, { isAnomalous: true, anomalyReason: "burst", requestCount: 240 }),
        activityEntry(2, { isAnomalous: true, anomalyReason: "failed_sign_ins", userId: null, userEmail: null, endpoint: "sign_in" }),
        activityEntry(1, { isAnomalous: true, anomalyReason: "many_sessions", userId: null, userEmail: null, endpoint: "anonymous_session" }),
      ];
      const entries = search.includes("anomalous=true") ? anomalies : [activityEntry(4, { endpoint: "sign_in" }), ...anomalies];
      return json({ entries, nextCursor: null });
    },
    "GET /api/admin/audit-log": (request) => {
      const cursor = new URL(request.url).searchParams.get("cursor");
      auditCursors.push(cursor);
      return cursor === null
        ? json({ entries: [auditEntry(9)], nextCursor: 9 })
        : json({
            entries: [auditEntry(8, { action: "user.admin_granted", before: { isAdmin: false }, after: { isAdmin: true }, actorId: null, actorEmail: null })],
            nextCursor: null,
          });
    },
    ...extra,
  });
  return { activityQueries, auditCursors };
}

describe("security tab", () => {
  it("lists every throttled or suspended user once with their limits, and opens one's drawer", async () => {
    serve();
    const { user } = renderWithAuth(<SecurityTab />);
    expect(screen.getByText(/A new throttle allows 10 requests per minute/)).toBeVisible();
    const table = within(await screen.findByRole("table", { name: "Throttled and suspended users" }));
    expect(table.getAllByRole("button", { name: "ann@example.com" })).toHaveLength(1);
    const annRow = within(table.getByRole("button", { name: "ann@example.com" }).closest("tr")!);
    expect(annRow.getByText("5 requests per minute (50% of 10)")).toBeVisible();
    expect(annRow.getByText(/: Abusive scraping$/)).toBeVisible();
    const bobRow = within(table.getByRole("button", { name: "bob@example.com" }).closest("tr")!);
    expect(bobRow.getByText("Not throttled")).toBeVisible();

    await user.click(table.getByRole("button", { name: "ann@example.com" }));
    const drawer = within(await screen.findByRole("dialog", { name: "ann@example.com" }));
    expect(await drawer.findByRole("button", { name: "Unsuspend" })).toBeVisible();
  });

  it("shows the activity log with anomaly reasons, and only anomalies when asked", async () => {
    const { activityQueries } = serve();
    const { user } = renderWithAuth(<SecurityTab />);
    const table = within(await screen.findByRole("table", { name: "Activity log" }));
    expect(table.getByText("Burst")).toBeVisible();
    expect(table.getByText("Failed sign-ins")).toBeVisible();
    expect(table.getByText("Many sessions")).toBeVisible();
    expect(table.getAllByText("Visitor")).toHaveLength(2);
    expect(table.getByText("240")).toBeVisible();
    expect(table.getAllByRole("row")).toHaveLength(5);

    await user.click(screen.getByRole("switch", { name: "Anomalies only" }));
    await waitFor(() => expect(activityQueries.at(-1)).toBe("?anomalous=true"));
    await waitFor(() => expect(within(screen.getByRole("table", { name: "Activity log" })).getAllByRole("row")).toHaveLength(4));
    expect(activityQueries[0]).toBe("");
  });

  it("shows the audit log in words with a compact before → after, page by page", async () => {
    const { auditCursors } = serve();
    const { user } = renderWithAuth(<SecurityTab />);
    const table = within(await screen.findByRole("table", { name: "Audit log" }));
    const first = within(table.getByText("Changed the throttle").closest("tr")!);
    expect(first.getByText("admin@example.com")).toBeVisible();
    expect(first.getByText(ANN_ID)).toBeVisible();
    expect(first.getByText("throttleEnabled:", { exact: false }).closest("li")).toHaveTextContent("throttleEnabled: false → became true");
    expect(first.getByText("currentThrottleLevel:", { exact: false }).closest("li")).toHaveTextContent("currentThrottleLevel: 100 → became 50");
    // Unchanged fields are left out.
    expect(first.queryByText(/maxRequestsPerMinute/)).not.toBeInTheDocument();

    const audit = within(screen.getByRole("region", { name: "Audit log" }));
    await user.click(audit.getByRole("button", { name: "Load more" }));
    const second = within((await table.findByText("Made admin")).closest("tr")!);
    expect(second.getByText("System")).toBeVisible();
    expect(auditCursors).toEqual([null, "9"]);
  });

  it("says when a log could not be loaded, and when there is nothing to show", async () => {
    serve({
      "GET /api/admin/audit-log": () => json({ message: "Database unavailable" }, { status: 503 }),
      "GET /api/admin/activity": () => json({ entries: [], nextCursor: null }),
      "GET /api/admin/users": () => json({ users: [], total: 0, page: 1, pageSize: 100 }),
    });
    renderWithAuth(<SecurityTab />);
    expect(await screen.findByText(/Failed to load the audit log/)).toBeVisible();
    expect(await screen.findByText("No activity recorded")).toBeVisible();
    expect(await screen.findByText("No user is throttled or suspended")).toBeVisible();
  });
});
