// The overview through the real app at /admin; the API stood in for at fetch.
import type { LifetimeStats } from "@contracts/admin";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json } from "@/test/network";
import { lifetimeStats, platformStats, serveAsAdmin } from "@/test/admin-screens";
import { renderApp } from "@/test/render-app";

function serve({ lifetime = lifetimeStats(), failStats = false }: { lifetime?: LifetimeStats; failStats?: boolean } = {}) {
  const timeframes: (string | null)[] = [];
  const costs: unknown[] = [];
  let totals = lifetime;
  serveAsAdmin({
    "GET /api/admin/platform-stats": (request) => {
      const timeframe = new URL(request.url).searchParams.get("timeframe");
      timeframes.push(timeframe);
      if (failStats) return json({ message: "Internal server error" }, { status: 500 });
      return json(
        timeframe === "lastyear"
          ? platformStats({ timeframe: "lastyear", window: { from: "2025-01-01", to: "2026-01-01" }, totalUsers: 900 })
          : platformStats(),
      );
    },
    "GET /api/admin/lifetime-stats": () => json(totals),
    "PUT /api/admin/settings/monthly-cost": async (request) => {
      const body = (await request.json()) as { monthlyCostCents: number };
      costs.push(body);
      totals = { ...totals, monthlyCostCents: body.monthlyCostCents, profitMargin: 42.5 };
      return json(totals);
    },
  });
  return { timeframes, costs };
}

describe("admin overview", () => {
  it("shows the figures with their trends against the previous period, money in dollars", async () => {
    serve();
    await renderApp("/admin");

    const figures = within(await screen.findByRole("region", { name: "Platform figures" }));
    const users = within(await figures.findByRole("article", { name: "Total users" }));
    expect(users.getByText("1,250")).toBeVisible();
    expect(users.getByText("no change from the previous period")).toBeInTheDocument();
    const active = within(figures.getByRole("article", { name: "Active users" }));
    expect(active.getByText("112")).toBeVisible();
    expect(active.getByText("up 12% from the previous period")).toBeInTheDocument();
    const revenue = within(figures.getByRole("article", { name: "Revenue" }));
    expect(revenue.getByText("$1,234.56")).toBeVisible();
    expect(revenue.getByText("down 18% from the previous period")).toBeInTheDocument();
    expect(within(figures.getByRole("article", { name: "Revenue this month" })).getByText("$2,500")).toBeVisible();
    // Fewer deleted lists is the good direction; more is the bad one, whatever the arrow says.
    const deleted = within(figures.getByRole("article", { name: "Deleted lists" })).getByText("up 100% from the previous period");
    expect(deleted.parentElement).toHaveClass("text-destructive");
    expect(active.getByText("up 12% from the previous period").parentElement).toHaveClass("text-success");
    expect(screen.getByText("Nov 26, 2026 (UTC), against the period before. Updated every minute.")).toBeVisible();
    expect(screen.getByRole("link", { name: /^Marketing/ })).toHaveAttribute("href", "/admin/marketing");
    expect(screen.getByRole("link", { name: /^CRM Affiliates/ })).toHaveAttribute("href", "/admin/crm-affiliates");
    expect(screen.getByRole("link", { name: /^SEO/ })).toHaveAttribute("href", "/admin/seo");
    expect(screen.getByRole("link", { name: /^System Popups/ })).toHaveAttribute("href", "/admin/system-popups");
    expect(screen.getByRole("link", { name: /^CRM Sync \(Zoho\)/ })).toHaveAttribute("href", "/admin/zoho-sync");
  });

  it("gives every chart a table of its numbers", async () => {
    serve();
    await renderApp("/admin");

    const validations = within(await screen.findByRole("table", { name: "Validations per day" }));
    expect(validations.getByRole("rowheader", { name: "Nov 26" })).toBeInTheDocument();
    expect(validations.getByRole("cell", { name: "48,000" })).toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: "Sign-ups per day" })).getByRole("cell", { name: "17" })).toBeInTheDocument();
    const revenue = within(screen.getByRole("table", { name: "Revenue per month" }));
    expect(revenue.getByRole("rowheader", { name: "Nov 2026" })).toBeInTheDocument();
    expect(revenue.getByRole("cell", { name: "$2,500" })).toBeInTheDocument();
  });

  it("keeps the timeframe in the address and asks for its figures", async () => {
    const { timeframes } = serve();
    const { user, router } = await renderApp("/admin");
    await screen.findByRole("article", { name: "Total users" });
    expect(timeframes).toEqual(["today"]);

    const select = screen.getByRole("combobox", { name: "Timeframe" });
    expect(within(select).getAllByRole("option").map((option) => option.textContent)).toEqual([
      "Today", "Yesterday", "Last 7 days", "Last 14 days", "Last 30 days",
      "Month to date", "Last quarter", "Year to date", "Last year",
    ]);
    await user.selectOptions(select, "Last year");
    expect(await within(screen.getByRole("article", { name: "Total users" })).findByText("900")).toBeVisible();
    expect(router.state.location.search).toEqual({ timeframe: "lastyear" });
    expect(timeframes.at(-1)).toBe("lastyear");
    expect(screen.getByText(/^Jan 1, 2025 – Dec 31, 2025 \(UTC\)/)).toBeVisible();
  });

  it("opens on the timeframe the address names", async () => {
    const { timeframes } = serve();
    await renderApp("/admin?timeframe=lastyear");
    expect(await screen.findByRole("combobox", { name: "Timeframe" })).toHaveValue("lastyear");
    await waitFor(() => expect(timeframes).toEqual(["lastyear"]));
  });

  it("says when the figures fail to load and offers to try again", async () => {
    const { timeframes } = serve({ failStats: true });
    const { user } = await renderApp("/admin");
    expect(await screen.findByText(/Failed to load the platform figures/)).toBeVisible();
    const before = timeframes.length;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(timeframes.length).toBe(before + 1));
  });

  it("asks for the monthly cost before it shows a profit margin, and saves it in cents", async () => {
    const { costs } = serve();
    const { user } = await renderApp("/admin");

    const margin = within(await screen.findByRole("article", { name: "Profit margin" }));
    expect(margin.getByText("Set your costs")).toBeVisible();
    const field = margin.getByLabelText("Monthly cost (USD)");
    await user.type(field, "12.345");
    await user.click(margin.getByRole("button", { name: "Save costs" }));
    expect(await margin.findByText("Enter an amount in dollars, such as 1200 or 1200.50")).toBeVisible();
    expect(costs).toEqual([]);

    await user.clear(field);
    await user.type(field, "1200.50");
    await user.click(margin.getByRole("button", { name: "Save costs" }));
    expect(await screen.findByText("Costs saved")).toBeVisible();
    expect(costs).toEqual([{ monthlyCostCents: 120_050 }]);
    expect(await margin.findByText("42.5%")).toBeVisible();
    expect(margin.getByText(/Costs \$1,200\.50 a month/)).toBeVisible();
  });

  it("shows the all-time totals, and lets the costs be changed once set", async () => {
    const { costs } = serve({ lifetime: lifetimeStats({ monthlyCostCents: 50_000, profitMargin: 12.25 }) });
    const { user } = await renderApp("/admin");

    expect(within(await screen.findByRole("article", { name: "All users" })).getByText("140,000")).toBeVisible();
    expect(within(screen.getByRole("article", { name: "Revenue per user" })).getByText("$1")).toBeVisible();
    const margin = within(screen.getByRole("article", { name: "Profit margin" }));
    expect(margin.getByText("12.3%")).toBeVisible();

    await user.click(margin.getByRole("button", { name: "Change costs" }));
    expect(margin.getByLabelText("Monthly cost (USD)")).toHaveValue("500.00");
    await user.click(margin.getByRole("button", { name: "Cancel" }));
    expect(margin.queryByLabelText("Monthly cost (USD)")).not.toBeInTheDocument();
    expect(costs).toEqual([]);
  });
});
