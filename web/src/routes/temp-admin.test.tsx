// /temp-admin: platform analytics behind the admin guard, though outside /admin.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { serveAsAdmin, tempAdminStats } from "@/test/admin-screens";
import { renderApp } from "@/test/render-app";

describe("/temp-admin", () => {
  it("sends a signed-out visitor to sign in first", async () => {
    mockNetwork({});
    const { router } = await renderApp("/temp-admin");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toEqual({ redirect: "/temp-admin" });
  });

  it("shows someone who is not an admin the 403 screen, and asks nothing of the API", async () => {
    storeSessionFor(demoUser);
    const fetchMock = mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/support/tickets": () => json([]) });
    await renderApp("/temp-admin");
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeVisible();
    const asked = fetchMock.mock.calls.map(([input]) => new URL(String(input), window.location.href).pathname);
    expect(asked).not.toContain("/api/temp-admin-stats");
  });

  it("shows an admin the figures of the timeframe in the address", async () => {
    const timeframes: (string | null)[] = [];
    serveAsAdmin({
      "GET /api/temp-admin-stats": (request) => {
        const timeframe = new URL(request.url).searchParams.get("timeframe");
        timeframes.push(timeframe);
        return json(tempAdminStats(timeframe === "90days" ? { timeframe: "90days", activeUsers: 4_321 } : {}));
      },
    });
    const { user, router } = await renderApp("/temp-admin");

    expect(await screen.findByRole("heading", { name: "Platform analytics" })).toBeVisible();
    expect(document.title).toBe("Platform analytics · MailScout");
    const active = within(await screen.findByRole("article", { name: "Active users" }));
    expect(active.getByText("112")).toBeVisible();
    expect(active.getByText("up 12% from the previous period")).toBeInTheDocument();

    const select = screen.getByRole("combobox", { name: "Timeframe" });
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Today", "Last 7 days", "Last 30 days", "Last 90 days",
    ]);
    await user.selectOptions(select, "Last 90 days");
    expect(await within(screen.getByRole("article", { name: "Active users" })).findByText("4,321")).toBeVisible();
    expect(router.state.location.search).toEqual({ timeframe: "90days" });
    expect(timeframes).toEqual(["today", "90days"]);
  });
});
