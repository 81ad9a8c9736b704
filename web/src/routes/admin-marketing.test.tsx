// The marketing dashboard through the real app and router; the API stood in for at fetch.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { serveAsAdmin } from "@/test/admin-screens";
import { json } from "@/test/network";
import {
  CAMPAIGN_ID,
  marketingAnalytics,
  marketingCampaign,
  marketingSettings,
  marketingStats,
} from "@/test/marketing";
import { renderApp } from "@/test/render-app";

describe("/admin/marketing", () => {
  it("shows the four figures and the way to each campaign tool", async () => {
    serveAsAdmin({ "GET /api/marketing/stats": () => json(marketingStats) });
    await renderApp("/admin/marketing");
    const total = within(await screen.findByRole("article", { name: "Total Campaigns" }));
    expect(await total.findByText("12")).toBeVisible();
    expect(total.getByText("5 active")).toBeVisible();
    expect(within(screen.getByRole("article", { name: "Impressions" })).getByText("48,000")).toBeVisible();
    const rate = within(screen.getByRole("article", { name: "Click Rate" }));
    expect(rate.getByText("2.75%")).toBeVisible();
    expect(rate.getByText("1,320 clicks")).toBeVisible();
    const revenue = within(screen.getByRole("article", { name: "Revenue" }));
    expect(revenue.getByText("$1,234.56")).toBeVisible();
    expect(revenue.getByText("7 conversions")).toBeVisible();

    const tools = within(screen.getByRole("region", { name: "Campaign tools" }));
    for (const [name, href] of [
      [/Banner Ads/, "/admin/marketing/banner-ads"],
      [/Pop-up Campaigns/, "/admin/marketing/popup-campaigns"],
      [/Push Notifications/, "/admin/marketing/push-notifications"],
      [/Email Campaigns/, "/admin/marketing/email-campaigns"],
      [/SEO/, "/admin/seo"],
      [/System Popups/, "/admin/system-popups"],
    ] as const) {
      expect(tools.getByRole("link", { name })).toHaveAttribute("href", href);
    }
  });

  it("opens the campaign form with the type an In-App Messages card chose", async () => {
    serveAsAdmin({
      "GET /api/marketing/stats": () => json(marketingStats),
      "GET /api/marketing/campaigns": () => json([]),
    });
    const { user, router } = await renderApp("/admin/marketing");
    await user.click(await screen.findByRole("button", { name: /In-App Messages/ }));
    expect(await screen.findByRole("tab", { name: "Campaigns", selected: true })).toBeVisible();
    const form = within(screen.getByRole("form", { name: "New campaign" }));
    await waitFor(() => expect(form.getByLabelText("Type")).toHaveValue("in_app_message"));
    expect(router.state.location.search).toEqual({ tab: "campaigns", type: "in_app_message" });
    expect(await screen.findByText("No campaigns yet")).toBeVisible();
  });

  it("checks the campaign form with the contract's messages, then creates it", async () => {
    const bodies: unknown[] = [];
    serveAsAdmin({
      "GET /api/marketing/campaigns": () => json([]),
      "POST /api/marketing/campaigns": async (request) => {
        bodies.push(await request.json());
        return json(marketingCampaign(), { status: 201 });
      },
    });
    const { user } = await renderApp("/admin/marketing?tab=campaigns");
    const form = within(await screen.findByRole("form", { name: "New campaign" }));
    await user.clear(form.getByLabelText("Priority"));
    await user.type(form.getByLabelText("Priority"), "11");
    await user.clear(form.getByLabelText("Max shows per user"));
    await user.type(form.getByLabelText("Max shows per user"), "0");
    await user.type(form.getByLabelText("Image URL"), "data:text/html,hi");
    await user.click(form.getByRole("button", { name: "Create Campaign" }));
    for (const message of [
      "Campaign name is required",
      "Title is required",
      "Content is required",
      "Action text is required",
      "Must be a valid URL",
      "priority must be 1 to 10",
      "maxShowsPerUser must be at least 1",
    ]) {
      expect(await form.findByText(message)).toBeVisible();
    }
    expect(bodies).toEqual([]);

    await user.type(form.getByLabelText("Campaign name"), "Winter sale");
    await user.type(form.getByLabelText("Title"), "Save 25% this winter");
    await user.type(form.getByLabelText("Content"), "Every plan, yearly.");
    await user.type(form.getByLabelText("Action text"), "See plans");
    await user.clear(form.getByLabelText("Image URL"));
    await user.clear(form.getByLabelText("Priority"));
    await user.type(form.getByLabelText("Priority"), "8");
    await user.clear(form.getByLabelText("Max shows per user"));
    await user.type(form.getByLabelText("Max shows per user"), "2");
    await user.selectOptions(form.getByLabelText("Status"), "Active");
    await user.click(form.getByLabelText("Paid"));
    await user.clear(form.getByLabelText("Pages"));
    await user.type(form.getByLabelText("Pages"), "/, /pricing");
    await user.selectOptions(form.getByLabelText("Show after"), "Bulk validation");
    await user.type(form.getByLabelText("Start date"), "2026-12-01");
    await user.click(form.getByRole("button", { name: "Create Campaign" }));

    expect(await screen.findByText("Marketing campaign created successfully")).toBeVisible();
    expect(bodies).toEqual([
      {
        name: "Winter sale",
        type: "banner",
        status: "active",
        title: "Save 25% this winter",
        content: "Every plan, yearly.",
        actionText: "See plans",
        actionUrl: null,
        imageUrl: null,
        targetAudience: { userTypes: ["all", "paid"], validationThreshold: 0, subscriptionTypes: ["free"] },
        displayRules: { maxShowsPerUser: 2, daysBetweenShows: 7, showOnPages: ["/", "/pricing"], showAfterAction: "bulk_validation", priority: 8 },
        scheduling: { startDate: "2026-12-01", endDate: null, timezone: "UTC", activeHours: { start: "00:00", end: "23:59" } },
      },
    ]);
    await waitFor(() => expect(form.getByLabelText("Campaign name")).toHaveValue(""));
  });

  it("shows campaign cards, edits one and deletes one", async () => {
    let campaigns = [marketingCampaign()];
    const puts: unknown[] = [];
    serveAsAdmin({
      "GET /api/marketing/campaigns": () => json(campaigns),
      [`PUT /api/marketing/campaigns/${CAMPAIGN_ID}`]: async (request) => {
        const body = await request.json();
        puts.push(body);
        campaigns = [marketingCampaign(body)];
        return json(campaigns[0]);
      },
      [`DELETE /api/marketing/campaigns/${CAMPAIGN_ID}`]: () => {
        campaigns = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/admin/marketing?tab=campaigns");
    const card = within(await screen.findByRole("article", { name: "Winter sale" }));
    expect(card.getByText("Banner")).toBeVisible();
    expect(card.getByText("Active")).toBeVisible();
    expect(card.getByText("1,200")).toBeVisible();
    expect(card.getByText("36")).toBeVisible();
    expect(card.getByText("3.00%")).toBeVisible();
    expect(card.getByRole("link", { name: "Preview Winter sale in place" })).toHaveAttribute(
      "href",
      `/pricing?marketing-preview=banner%3A${CAMPAIGN_ID}`,
    );

    await user.click(card.getByRole("button", { name: "Edit Winter sale" }));
    const form = within(screen.getByRole("form", { name: "Edit campaign" }));
    expect(form.getByLabelText("Pages")).toHaveValue("/pricing");
    await user.selectOptions(form.getByLabelText("Status"), "Paused");
    await user.click(form.getByRole("button", { name: "Update Campaign" }));
    expect(await screen.findByText("Campaign updated successfully")).toBeVisible();
    expect(puts).toEqual([expect.objectContaining({ status: "paused", displayRules: expect.objectContaining({ showOnPages: ["/pricing"] }) })]);
    expect(await screen.findByRole("form", { name: "New campaign" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Delete Winter sale" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("No campaigns yet")).toBeVisible();
  });

  it("says a create or an update failed", async () => {
    serveAsAdmin({
      "GET /api/marketing/campaigns": () => json([marketingCampaign()]),
      "POST /api/marketing/campaigns": () => new Response("", { status: 500 }),
      [`PUT /api/marketing/campaigns/${CAMPAIGN_ID}`]: () => new Response("", { status: 500 }),
    });
    const { user } = await renderApp("/admin/marketing?tab=campaigns");
    await user.click(await screen.findByRole("button", { name: "Edit Winter sale" }));
    await user.click(screen.getByRole("button", { name: "Update Campaign" }));
    expect(await screen.findByText("Failed to update campaign")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    const form = within(screen.getByRole("form", { name: "New campaign" }));
    await user.type(form.getByLabelText("Campaign name"), "Spring");
    await user.type(form.getByLabelText("Title"), "Spring");
    await user.type(form.getByLabelText("Content"), "Spring");
    await user.type(form.getByLabelText("Action text"), "Go");
    await user.click(form.getByRole("button", { name: "Create Campaign" }));
    expect(await screen.findByText("Failed to create campaign")).toBeVisible();
    expect(form.getByLabelText("Campaign name")).toHaveValue("Spring");
  });

  it("points to CRM affiliate management", async () => {
    serveAsAdmin({});
    await renderApp("/admin/marketing?tab=affiliates");
    expect(await screen.findByRole("link", { name: "Open CRM affiliate management" })).toHaveAttribute("href", "/admin/crm-affiliates");
  });

  it("shows the first campaigns' performance and the audience as the server counts it", async () => {
    serveAsAdmin({ "GET /api/marketing/analytics": () => json(marketingAnalytics) });
    await renderApp("/admin/marketing?tab=analytics");
    const table = within(await screen.findByRole("table", { name: "Campaign performance" }));
    const row = within(table.getByRole("row", { name: /Winter sale/ }));
    expect(row.getByRole("cell", { name: "1,200" })).toBeVisible();
    expect(row.getByRole("cell", { name: "3.00%" })).toBeVisible();
    expect(within(screen.getByRole("article", { name: "Free users" })).getByText("71%")).toBeVisible();
    expect(within(screen.getByRole("article", { name: "Paid users" })).getByText("29%")).toBeVisible();
    expect(within(screen.getByRole("article", { name: "New users (30 days)" })).getByText("18")).toBeVisible();
    expect(within(screen.getByRole("article", { name: "Returning users" })).getByText("64%")).toBeVisible();
    expect(screen.getByText(/Turn on user segmentation/)).toBeVisible();
  });

  it("breaks events down by segment when the server does", async () => {
    serveAsAdmin({
      "GET /api/marketing/analytics": () =>
        json({ ...marketingAnalytics, bySegment: [{ segment: "anonymous", impressions: 900, clicks: 9, conversions: 1, ctr: 1 }] }),
    });
    await renderApp("/admin/marketing?tab=analytics");
    const row = within(await screen.findByRole("row", { name: /Anonymous/ }));
    expect(row.getByRole("cell", { name: "900" })).toBeVisible();
    expect(row.getByRole("cell", { name: "1.00%" })).toBeVisible();
  });

  it("saves the settings; A/B testing is not available yet", async () => {
    const saved: unknown[] = [];
    serveAsAdmin({
      "GET /api/marketing/settings": () => json(marketingSettings),
      "PUT /api/marketing/settings": async (request) => {
        const body = await request.json();
        saved.push(body);
        return json(body);
      },
    });
    const { user } = await renderApp("/admin/marketing?tab=settings");
    const abTesting = await screen.findByRole("switch", { name: "A/B testing" });
    expect(abTesting).toBeDisabled();
    expect(abTesting).toHaveAccessibleDescription("Not available yet");
    expect(screen.getByRole("switch", { name: "Enable marketing" })).toBeChecked();
    await user.click(screen.getByRole("switch", { name: "User segmentation" }));
    await user.click(screen.getByRole("switch", { name: "Click tracking" }));
    await user.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Marketing settings saved")).toBeVisible();
    expect(saved).toEqual([{ ...marketingSettings, userSegmentation: true, clickTracking: false }]);
  });
});
