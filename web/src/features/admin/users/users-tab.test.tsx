// The users tab against a stand-in for the admin API at fetch: the table asks the server for each search, filter,
// sort and page; the users CSV downloads or says why not.
import type { AdminUserRow } from "@contracts/admin";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { adminUserRow, BOB_ID } from "@/test/admin-users";
import { renderApp, renderWithAuth } from "@/test/render-app";
import { UsersTab } from "./users-tab";

afterEach(() => vi.restoreAllMocks());

function serve(rows: AdminUserRow[], extra: Parameters<typeof mockNetwork>[0] = {}) {
  storeSessionFor(adminUser);
  const queries: URLSearchParams[] = [];
  let failing = false;
  mockNetwork({
    "GET /api/user": () => json(adminUser),
    "GET /api/admin/users": (request) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      if (failing) return json({ message: "Database unavailable" }, { status: 503 });
      const page = Number(params.get("page") ?? 1);
      return json({ users: page === 1 ? rows : [], total: rows.length === 0 ? 0 : 30, page, pageSize: 25 });
    },
    ...extra,
  });
  return { queries, fail: (value: boolean) => (failing = value) };
}

const bob = adminUserRow({
  id: BOB_ID,
  username: "bob",
  email: "bob@example.com",
  firstName: null,
  lastName: null,
  isAdmin: true,
  plan: "professional",
  throttle: { throttleEnabled: true, maxRequestsPerMinute: 10, currentThrottleLevel: 50 },
  suspendedUntil: "2099-01-01T00:00:00Z",
  lastActiveAt: null,
});

describe("users tab", () => {
  it("opens from the dashboard's Users tab", async () => {
    serve([adminUserRow()]);
    await renderApp("/admin?tab=users");
    expect(await screen.findByRole("table", { name: "Users" })).toBeVisible();
  });

  it("shows each user's standing, and asks the server for every search, filter, sort and page", async () => {
    const { queries } = serve([adminUserRow(), bob]);
    const { user } = renderWithAuth(<UsersTab />);
    const table = within(await screen.findByRole("table", { name: "Users" }));
    const bobRow = within(table.getByRole("button", { name: "bob@example.com" }).closest("tr")!);
    expect(bobRow.getByText("Admin")).toBeVisible();
    expect(bobRow.getByText("Suspended")).toBeVisible();
    expect(bobRow.getByText("Throttled")).toBeVisible();
    expect(bobRow.getByText("Professional")).toBeVisible();
    expect(bobRow.getByText("Never")).toBeVisible();
    expect(table.getByText("Ann Lee")).toBeVisible();
    expect(queries.at(-1)?.toString()).toBe("sort=createdAt&order=desc&page=1");

    await user.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(queries.at(-1)?.get("page")).toBe("2"));

    await user.type(screen.getByLabelText("Search users"), "ann");
    await waitFor(() => expect(queries.at(-1)?.toString()).toBe("sort=createdAt&order=desc&page=1&search=ann"));

    await user.selectOptions(screen.getByLabelText("Show"), "Throttled");
    await waitFor(() => expect(queries.at(-1)?.get("filter")).toBe("throttled"));
    await user.selectOptions(screen.getByLabelText("Plan"), "Business");
    await user.selectOptions(screen.getByLabelText("Sort by"), "Validations");
    await user.selectOptions(screen.getByLabelText("Order"), "Ascending");
    await waitFor(() =>
      expect(Object.fromEntries(queries.at(-1)!)).toEqual({
        sort: "validationCount", order: "asc", page: "1", filter: "throttled", plan: "business", search: "ann",
      }),
    );
  });

  it("says when no user matches, and when the users could not be loaded", async () => {
    const { fail } = serve([]);
    const { user } = renderWithAuth(<UsersTab />);
    expect(await screen.findByText("No users found")).toBeVisible();

    fail(true);
    await user.selectOptions(screen.getByLabelText("Show"), "Admins");
    expect(await screen.findByText(/Failed to load users/)).toBeVisible();
    fail(false);
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No users found")).toBeVisible();
  });

  it("downloads the users CSV, and says why when the export fails", async () => {
    let exportFails = false;
    serve([adminUserRow()], {
      "GET /api/admin/export-users": () =>
        exportFails
          ? json({ message: "Export is not available right now" }, { status: 503 })
          : new Response("id,username\r\n1,ann\r\n", { headers: { "Content-Type": "text/csv" } }),
    });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderWithAuth(<UsersTab />);

    await user.click(await screen.findByRole("button", { name: "Export users CSV" }));
    await waitFor(() => expect(saved).toEqual([expect.stringMatching(/^users-\d{4}-\d{2}-\d{2}\.csv$/)]));
    expect(await screen.findByText("The users CSV was downloaded")).toBeVisible();

    exportFails = true;
    await user.click(screen.getByRole("button", { name: "Export users CSV" }));
    expect(await screen.findByText("Export Failed")).toBeVisible();
    expect(screen.getByText("Export is not available right now")).toBeVisible();
    expect(saved).toHaveLength(1);
  });
});
