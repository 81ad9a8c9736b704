// The four campaign managers through the real app and router: the API stood in for at fetch, Realtime by the fake.
import { MARKETING_SENDS_TOPIC, SEND_PROGRESS_EVENT } from "@contracts/marketing";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { serveAsAdmin } from "@/test/admin-screens";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { bannerAd, EMAIL_ID, emailCampaign, JOB_ID, PUSH_ID, pushNotification } from "@/test/marketing";
import { fakeTopics } from "@/test/realtime";
import { renderApp } from "@/test/render-app";

const refused = (message: string, status = 400) => json({ message }, { status });

describe("/admin/marketing/banner-ads", () => {
  it("is for admins only", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/support/tickets": () => json([]) });
    await renderApp("/admin/marketing/banner-ads");
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeVisible();
  });

  it("lists banners with impressions, clicks and CTR", async () => {
    serveAsAdmin({ "GET /api/campaigns/banner-ads": () => json([bannerAd()]) });
    await renderApp("/admin/marketing/banner-ads");
    const table = within(await screen.findByRole("table", { name: "Banner Ads" }));
    const row = within(table.getByRole("row", { name: /Black Friday/ }));
    expect(row.getByRole("cell", { name: "Header" })).toBeVisible();
    expect(row.getByRole("cell", { name: "2,000" })).toBeVisible();
    expect(row.getByRole("cell", { name: "50" })).toBeVisible();
    expect(row.getByRole("cell", { name: "2.50%" })).toBeVisible();
    expect(row.getByText("Active")).toBeVisible();
    expect(row.getByRole("link", { name: "Preview Black Friday in place" })).toHaveAttribute(
      "href",
      `/?marketing-preview=banner%3A${bannerAd().id}`,
    );
  });

  it("says when there are none", async () => {
    serveAsAdmin({ "GET /api/campaigns/banner-ads": () => json([]) });
    await renderApp("/admin/marketing/banner-ads");
    expect(await screen.findByText("No banner ads yet")).toBeVisible();
  });

  it("says when they could not be loaded, and tries again", async () => {
    let fail = true;
    serveAsAdmin({ "GET /api/campaigns/banner-ads": () => (fail ? refused("down", 500) : json([bannerAd()])) });
    const { user } = await renderApp("/admin/marketing/banner-ads");
    expect(await screen.findByText(/Could not load the banner ads/)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("row", { name: /Black Friday/ })).toBeVisible();
  });

  it("creates a banner with the contract's checks and says so", async () => {
    const bodies: unknown[] = [];
    serveAsAdmin({
      "GET /api/campaigns/banner-ads": () => json([]),
      "POST /api/campaigns/banner-ads": async (request) => {
        bodies.push(await request.json());
        return json(bannerAd(), { status: 201 });
      },
    });
    const { user } = await renderApp("/admin/marketing/banner-ads");
    await user.click(await screen.findByRole("button", { name: "New Banner Ad" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create Banner ad" }));
    await user.type(dialog.getByLabelText("Target URL"), "javascript:alert(1)");
    await user.click(dialog.getByRole("button", { name: "Create" }));
    expect(await dialog.findByText("Title is required")).toBeVisible();
    expect(dialog.getByText("Must be a valid URL")).toBeVisible();
    expect(bodies).toEqual([]);

    await user.type(dialog.getByLabelText("Title"), "Black Friday");
    await user.clear(dialog.getByLabelText("Target URL"));
    await user.type(dialog.getByLabelText("Target URL"), "/pricing");
    await user.selectOptions(dialog.getByLabelText("Placement"), "Sidebar");
    await user.click(dialog.getByRole("switch", { name: "Active" }));
    await user.click(dialog.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Banner ad created successfully")).toBeVisible();
    expect(bodies).toEqual([
      expect.objectContaining({ title: "Black Friday", targetUrl: "/pricing", placement: "sidebar", isActive: true, priority: 1, startDate: null }),
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("passes on the server's refusal, keeping what was typed", async () => {
    serveAsAdmin({
      "GET /api/campaigns/banner-ads": () => json([bannerAd()]),
      [`PUT /api/campaigns/banner-ads/${bannerAd().id}`]: () => refused("endDate must be on or after startDate"),
    });
    const { user } = await renderApp("/admin/marketing/banner-ads");
    await user.click(await screen.findByRole("button", { name: "Edit Black Friday" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Banner ad" }));
    expect(dialog.getByLabelText("Title")).toHaveValue("Black Friday");
    await user.click(dialog.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("endDate must be on or after startDate")).toBeVisible();
    expect(dialog.getByLabelText("Title")).toHaveValue("Black Friday");
  });

  it("asks before deleting a banner", async () => {
    let banners = [bannerAd()];
    serveAsAdmin({
      "GET /api/campaigns/banner-ads": () => json(banners),
      [`DELETE /api/campaigns/banner-ads/${bannerAd().id}`]: () => {
        banners = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/admin/marketing/banner-ads");
    await user.click(await screen.findByRole("button", { name: "Delete Black Friday" }));
    const question = within(await screen.findByRole("alertdialog"));
    expect(question.getByText("Are you sure you want to delete this banner ad?")).toBeVisible();
    await user.click(question.getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Banner ad deleted successfully")).toBeVisible();
    expect(await screen.findByText("No banner ads yet")).toBeVisible();
  });
});

describe("/admin/marketing/push-notifications", () => {
  it("offers Send only for an active push not yet sent", async () => {
    serveAsAdmin({
      "GET /api/campaigns/push-notifications": () =>
        json([
          pushNotification(),
          pushNotification({ id: crypto.randomUUID(), title: "Paused one", isActive: false }),
          pushNotification({ id: crypto.randomUUID(), title: "Old news", sentAt: "2026-11-01T09:00:00.000Z", deliveredCount: 120, clickCount: 6, ctr: 5 }),
        ]),
    });
    await renderApp("/admin/marketing/push-notifications");
    expect(await screen.findByRole("button", { name: "Send New: bulk exports" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Send Paused one" })).not.toBeInTheDocument();
    const sent = within(screen.getByRole("row", { name: /Old news/ }));
    expect(sent.getByText("Sent")).toBeVisible();
    expect(sent.getByRole("cell", { name: "120" })).toBeVisible();
    expect(sent.getByRole("cell", { name: "5.00%" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Send Old news" })).not.toBeInTheDocument();
  });

  it("confirms with the audience's size, then shows the send's progress live until it is sent", async () => {
    const sends: string[] = [];
    let listed = [pushNotification()];
    serveAsAdmin({
      "GET /api/campaigns/push-notifications": () => json(listed),
      [`GET /api/campaigns/push-notifications/${PUSH_ID}/audience`]: () => json({ recipients: 42 }),
      [`POST /api/campaigns/push-notifications/${PUSH_ID}/send`]: (request) => {
        sends.push(request.method);
        return json({ jobId: JOB_ID, recipients: 42 }, { status: 202 });
      },
    });
    const { user } = await renderApp("/admin/marketing/push-notifications");
    act(() => fakeTopics.get(MARKETING_SENDS_TOPIC)?.state("live"));

    await user.click(await screen.findByRole("button", { name: "Send New: bulk exports" }));
    const question = within(await screen.findByRole("alertdialog", { name: "Send push notification?" }));
    expect(await question.findByText("Send “New: bulk exports” now? It goes to 42 people now.")).toBeVisible();
    await user.click(question.getByRole("button", { name: "Send now" }));
    expect(await screen.findByText("Push notification sent successfully")).toBeVisible();
    expect(sends).toEqual(["POST"]);
    expect(await screen.findByText("Sending… 0 of 42")).toBeVisible();

    const progress = { campaignType: "push_notification", campaignId: PUSH_ID, jobId: JOB_ID, total: 42 };
    act(() => fakeTopics.get(MARKETING_SENDS_TOPIC)?.emit(SEND_PROGRESS_EVENT, { ...progress, status: "running", processed: 20, sentAt: null }));
    expect(await screen.findByText("Sending… 20 of 42")).toBeVisible();
    expect(screen.getByRole("progressbar", { name: "Sending New: bulk exports" })).toHaveAttribute("aria-valuenow", "20");

    listed = [pushNotification({ sentAt: "2026-11-26T12:00:00.000Z", deliveredCount: 42 })];
    act(() =>
      fakeTopics.get(MARKETING_SENDS_TOPIC)?.emit(SEND_PROGRESS_EVENT, {
        ...progress,
        status: "completed",
        processed: 42,
        sentAt: "2026-11-26T12:00:00.000Z",
      }),
    );
    const row = within(screen.getByRole("row", { name: /New: bulk exports/ }));
    expect(await row.findByText("Sent")).toBeVisible();
    expect(row.queryByRole("button", { name: /^Send/ })).not.toBeInTheDocument();
  });

  it("says why a send failed", async () => {
    serveAsAdmin({
      "GET /api/campaigns/push-notifications": () => json([pushNotification()]),
      [`GET /api/campaigns/push-notifications/${PUSH_ID}/audience`]: () => json({ recipients: 3 }),
      [`POST /api/campaigns/push-notifications/${PUSH_ID}/send`]: () => json({ message: "Already sent" }, { status: 409 }),
    });
    const { user } = await renderApp("/admin/marketing/push-notifications");
    await user.click(await screen.findByRole("button", { name: "Send New: bulk exports" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Send now" }));
    expect(await screen.findByText("Already sent")).toBeVisible();
  });
});

describe("/admin/marketing/email-campaigns", () => {
  it("lists sent, opens, clicks, unsubscribes and the rates", async () => {
    serveAsAdmin({
      "GET /api/campaigns/email-campaigns": () =>
        json([
          emailCampaign({
            sentAt: "2026-11-02T08:00:00.000Z",
            sentCount: 1_000,
            openCount: 400,
            clickCount: 55,
            unsubscribeCount: 3,
            openRate: 40,
            clickRate: 5.5,
          }),
        ]),
    });
    await renderApp("/admin/marketing/email-campaigns");
    const row = within(await screen.findByRole("row", { name: /November newsletter/ }));
    for (const figure of ["1,000", "400", "55", "3", "40.00%", "5.50%"]) expect(row.getByRole("cell", { name: figure })).toBeVisible();
    expect(row.getByText("Sent")).toBeVisible();
  });

  it("previews the email as sent in a sandboxed frame", async () => {
    serveAsAdmin({
      "GET /api/campaigns/email-campaigns": () => json([emailCampaign()]),
      [`GET /api/campaigns/email-campaigns/${EMAIL_ID}/preview`]: () =>
        json({ subject: "What's new in November", html: "<h1>Hello</h1><img src='/api/email/open/x'>", text: "Hello" }),
    });
    const { user } = await renderApp("/admin/marketing/email-campaigns");
    await user.click(await screen.findByRole("button", { name: "Preview November newsletter" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Email preview" }));
    expect(await dialog.findByText("Subject: What's new in November")).toBeVisible();
    const frame = dialog.getByTitle("Email as sent");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame).toHaveAttribute("srcdoc", "<h1>Hello</h1><img src='/api/email/open/x'>");
  });

  it("shows the content as typed in a sandboxed frame, and sends the form's values", async () => {
    const bodies: unknown[] = [];
    serveAsAdmin({
      "GET /api/campaigns/email-campaigns": () => json([]),
      "POST /api/campaigns/email-campaigns": async (request) => {
        bodies.push(await request.json());
        return json(emailCampaign(), { status: 201 });
      },
    });
    const { user } = await renderApp("/admin/marketing/email-campaigns");
    await user.click(await screen.findByRole("button", { name: "New Email Campaign" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create Email campaign" }));
    await user.click(dialog.getByRole("button", { name: "Create" }));
    expect(await dialog.findByText("Campaign name is required")).toBeVisible();
    expect(dialog.getByText("Subject is required")).toBeVisible();
    expect(dialog.getByText("Content is required")).toBeVisible();

    await user.type(dialog.getByLabelText("Name"), "Launch");
    await user.type(dialog.getByLabelText("Subject"), "We launched");
    await user.type(dialog.getByLabelText("Content (HTML)"), "<p>Hi</p>");
    const frame = dialog.getByTitle("Content preview");
    expect(frame).toHaveAttribute("sandbox", "");
    expect(frame).toHaveAttribute("srcdoc", "<p>Hi</p>");
    await user.selectOptions(dialog.getByLabelText("Audience"), "Returning");
    await user.click(dialog.getByRole("button", { name: "Create" }));
    expect(await screen.findByText("Email campaign created successfully")).toBeVisible();
    expect(bodies).toEqual([
      { name: "Launch", subject: "We launched", content: "<p>Hi</p>", templateType: "custom", targetAudience: "returning", isActive: false, scheduledFor: null },
    ]);
  });

  it("falls back to the spec's words when the server gives none", async () => {
    serveAsAdmin({
      "GET /api/campaigns/email-campaigns": () => json([emailCampaign()]),
      [`DELETE /api/campaigns/email-campaigns/${EMAIL_ID}`]: () => new Response("Bad gateway", { status: 502 }),
    });
    const { user } = await renderApp("/admin/marketing/email-campaigns");
    await user.click(await screen.findByRole("button", { name: "Delete November newsletter" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete email campaign")).toBeVisible();
  });
});
