// CRM affiliate management through the real app and router; the API stood in for at fetch.
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { serveAsAdmin } from "@/test/admin-screens";
import { json } from "@/test/network";
import { affiliateSetting, ZOHO_ID } from "@/test/marketing";
import { renderApp } from "@/test/render-app";

const hubspot = affiliateSetting({
  id: "6f7a8b9c-0d1e-4f30-8152-6d7e8f9a0b12",
  crmType: "hubspot",
  isActive: false,
  adTitle: "HubSpot for teams",
  affiliateUrl: null,
  clickCount: 3,
  displayConditions: { showAfterBulkValidation: false, showAfterValidationCount: 5, maxShowsPerUser: 2, daysBetweenShows: 3 },
});

describe("/admin/crm-affiliates", () => {
  it("has a card per CRM with its figures and a way to the partner", async () => {
    serveAsAdmin({ "GET /api/affiliate/admin/settings": () => json([affiliateSetting(), hubspot]) });
    await renderApp("/admin/crm-affiliates");
    const zoho = within(await screen.findByRole("article", { name: "Zoho" }));
    expect(zoho.getByText("Active")).toBeVisible();
    expect(zoho.getByText("Try Zoho CRM free")).toBeVisible();
    expect(zoho.getByText("27")).toBeVisible();
    expect(zoho.getByText("10")).toBeVisible();
    expect(zoho.getByText("3")).toBeVisible();
    const visit = zoho.getByRole("link", { name: "Visit Partner" });
    expect(visit).toHaveAttribute("href", "https://zoho.example/partner?ref=mailscout");
    expect(visit).toHaveAttribute("target", "_blank");
    expect(visit).toHaveAttribute("rel", "noopener noreferrer");

    const other = within(screen.getByRole("article", { name: "Hubspot" }));
    expect(other.getByText("Inactive")).toBeVisible();
    expect(other.queryByRole("link", { name: "Visit Partner" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Initialize Zoho CRM" })).not.toBeInTheDocument();
  });

  it("initializes Zoho while it is missing", async () => {
    let settings: ReturnType<typeof affiliateSetting>[] = [];
    serveAsAdmin({
      "GET /api/affiliate/admin/settings": () => json(settings),
      "POST /api/affiliate/admin/init-zoho": () => {
        settings = [affiliateSetting({ isActive: false })];
        return json(settings[0], { status: 201 });
      },
    });
    const { user } = await renderApp("/admin/crm-affiliates");
    await user.click(await screen.findByRole("button", { name: "Initialize Zoho CRM" }));
    expect(await screen.findByText("Zoho CRM settings initialized")).toBeVisible();
    expect(await screen.findByRole("article", { name: "Zoho" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Initialize Zoho CRM" })).not.toBeInTheDocument();
  });

  it("says what failed when Zoho could not be initialized", async () => {
    serveAsAdmin({
      "GET /api/affiliate/admin/settings": () => json([]),
      "POST /api/affiliate/admin/init-zoho": () => new Response("", { status: 500 }),
    });
    const { user } = await renderApp("/admin/crm-affiliates");
    await user.click(await screen.findByRole("button", { name: "Initialize Zoho CRM" }));
    expect(await screen.findByText("Failed to initialize Zoho settings")).toBeVisible();
  });

  it("asks to choose a CRM before Settings, then edits the chosen one", async () => {
    const saved: unknown[] = [];
    let fail = false;
    serveAsAdmin({
      "GET /api/affiliate/admin/settings": () => json([affiliateSetting()]),
      "POST /api/affiliate/admin/settings": async (request) => {
        if (fail) return new Response("", { status: 500 });
        const body = await request.json();
        saved.push(body);
        return json(affiliateSetting(body));
      },
    });
    const { user, router } = await renderApp("/admin/crm-affiliates?tab=settings");
    expect(await screen.findByText("Select a CRM from the Overview tab to edit its settings.")).toBeVisible();

    await user.click(screen.getByRole("tab", { name: "Overview" }));
    await user.keyboard("{Enter}");
    await user.click(await screen.findByRole("button", { name: "Edit Zoho" }));
    const form = within(await screen.findByRole("form", { name: "Zoho settings" }));
    expect(router.state.location.search).toEqual({ tab: "settings", crm: "zoho" });

    await user.clear(form.getByLabelText("Ad title"));
    await user.clear(form.getByLabelText("Max shows per user"));
    await user.type(form.getByLabelText("Max shows per user"), "0");
    await user.clear(form.getByLabelText("Affiliate URL"));
    await user.type(form.getByLabelText("Affiliate URL"), "//evil.example");
    await user.click(form.getByRole("button", { name: "Save Settings" }));
    expect(await form.findByText("Ad title is required")).toBeVisible();
    expect(form.getByText("Must be a valid URL")).toBeVisible();
    expect(form.getByText("maxShowsPerUser must be at least 1")).toBeVisible();

    await user.type(form.getByLabelText("Ad title"), "Zoho, free for a year");
    await user.clear(form.getByLabelText("Max shows per user"));
    await user.type(form.getByLabelText("Max shows per user"), "5");
    await user.clear(form.getByLabelText("Affiliate URL"));
    fail = true;
    await user.click(form.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Failed to update settings")).toBeVisible();

    fail = false;
    await user.click(form.getByRole("switch", { name: "Active" }));
    await user.click(form.getByRole("button", { name: "Save Settings" }));
    expect(await screen.findByText("Affiliate settings updated")).toBeVisible();
    expect(saved).toEqual([
      {
        id: ZOHO_ID,
        crmType: "zoho",
        affiliateUrl: null,
        isActive: false,
        adTitle: "Zoho, free for a year",
        adDescription: "Keep your validated contacts in a CRM.",
        adButtonText: "Sign Up",
        adImageUrl: null,
        displayConditions: { showAfterBulkValidation: true, showAfterValidationCount: 10, maxShowsPerUser: 5, daysBetweenShows: 7 },
      },
    ]);
    expect(await screen.findByRole("tab", { name: "Overview", selected: true })).toBeVisible();
  });

  it("counts each CRM's clicks", async () => {
    serveAsAdmin({ "GET /api/affiliate/admin/settings": () => json([affiliateSetting(), hubspot]) });
    await renderApp("/admin/crm-affiliates?tab=analytics");
    expect(within(await screen.findByRole("article", { name: "Zoho clicks" })).getByText("27")).toBeVisible();
    expect(within(screen.getByRole("article", { name: "Hubspot clicks" })).getByText("3")).toBeVisible();
  });
});
