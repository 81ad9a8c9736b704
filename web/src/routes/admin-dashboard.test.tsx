// The dashboard's shell at /admin: the badge, the tabs and the address that keeps the open one.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { lifetimeStats, platformStats, serveAsAdmin } from "@/test/admin-screens";
import { renderApp } from "@/test/render-app";

function serve() {
  serveAsAdmin({
    "GET /api/admin/platform-stats": () => json(platformStats()),
    "GET /api/admin/lifetime-stats": () => json(lifetimeStats()),
    "GET /api/admin/payments": () => json({ payments: [], total: 0, page: 1, pageSize: 10 }),
  });
}

describe("/admin", () => {
  it("is for admins only", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/support/tickets": () => json([]) });
    await renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeVisible();
  });

  it("opens on the overview with the Administrator badge and every area's tab", async () => {
    serve();
    await renderApp("/admin");

    expect(await screen.findByRole("heading", { name: "Admin dashboard" })).toBeVisible();
    expect(screen.getByText("Administrator")).toBeVisible();
    expect(document.title).toBe("Admin dashboard · MailScout");
    const tabs = within(screen.getByRole("tablist", { name: "Admin areas" }));
    expect(tabs.getAllByRole("tab").map((tab) => tab.textContent)).toEqual([
      "Overview", "Users", "Finances", "Credits", "Security", "Support", "Database", "Payments", "Domains", "API management",
    ]);
    expect(tabs.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
    const duplicates = screen.getByRole("link", { name: "Duplicates (opens in a new window)" });
    expect(duplicates).toHaveAttribute("href", "/admin/duplicates");
    expect(duplicates).toHaveAttribute("target", "_blank");
  });

  it("lists the integration endpoints on the API management tab, which opens the key screen in a new window", async () => {
    serve();
    await renderApp("/admin?tab=api-management");

    const endpoints = within(await screen.findByRole("list", { name: "Integration endpoints" }));
    expect(endpoints.getAllByRole("listitem").map((item) => item.querySelector("code")?.textContent)).toEqual([
      "POST /api/integrations/validate-email",
      "POST /api/integrations/validate-bulk",
      "POST /api/integrations/scrape-domain",
      "GET /api/integrations/job-status",
    ]);
    expect(endpoints.getByText("Validate up to 1,000 emails per bulk call")).toBeVisible();
    const open = screen.getByRole("link", { name: "Open API management (opens in a new window)" });
    expect(open).toHaveAttribute("href", "/admin/api-management");
    expect(open).toHaveAttribute("target", "_blank");
    expect(within(screen.getByRole("tabpanel")).getByRole("link", { name: "API documentation" })).toHaveAttribute("href", "/developers");
  });

  it("keeps the open tab in the address, beside the timeframe", async () => {
    serve();
    const { user, router } = await renderApp("/admin?timeframe=last7days");

    await user.click(await screen.findByRole("tab", { name: "Finances" }));
    expect(await screen.findByText("No payment records found")).toBeVisible();
    expect(router.state.location.search).toEqual({ tab: "finances", timeframe: "last7days" });

    await user.click(screen.getByRole("tab", { name: "Overview" }));
    expect(await screen.findByRole("combobox", { name: "Timeframe" })).toHaveValue("last7days");
    expect(router.state.location.search).toEqual({ timeframe: "last7days" });
  });

  it("moves along the tabs with the arrow keys and opens one with Enter", async () => {
    serve();
    const { user, router } = await renderApp("/admin?tab=finances");
    const finances = await screen.findByRole("tab", { name: "Finances" });
    finances.focus();

    await user.keyboard("{ArrowRight}{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Security" })).toHaveFocus();
    // Passing a tab does not open it.
    expect(router.state.location.search).toEqual({ tab: "finances" });
    await user.keyboard("{ArrowRight}{ArrowRight}{Enter}");
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: "database" }));
    expect(await screen.findByRole("button", { name: "Export database (JSON)" })).toBeVisible();
  });

  it("falls back to the overview for a tab it does not know", async () => {
    serve();
    await renderApp("/admin?tab=nonsense");
    expect(await screen.findByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  });
});
