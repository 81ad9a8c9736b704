import { screen, waitFor, within } from "@testing-library/react";
import { act } from "react";
import { describe, expect, it } from "vitest";
import { reportVisitorAction } from "@/features/campaigns";
import { affiliateAd, BANNER_ID, banner, delivery, message, POPUP_ID, popup } from "@/test/campaigns";
import { adminUser, authUserFor, json, mockNetwork, requestedPaths, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

/** The network of a visitor on /pricing: each delivery answers `answer`; events are kept to be read. */
function deliveryNetwork(answer: () => ReturnType<typeof delivery>) {
  const events: unknown[] = [];
  const queries: URLSearchParams[] = [];
  const fetchMock = mockNetwork({
    "GET /api/campaign-delivery": (request) => {
      queries.push(new URL(request.url).searchParams);
      return json(answer());
    },
    "POST /api/campaign-delivery/events": async (request) => {
      events.push(await request.json());
      return new Response(null, { status: 204 });
    },
  });
  return { events, queries, fetchMock };
}

describe("campaign slots", () => {
  it("shows a banner under the header, messages and the affiliate ad, each reported shown once", async () => {
    const { events } = deliveryNetwork(() =>
      delivery({ banners: [banner()], inAppMessages: [message()], affiliateAd: affiliateAd() }),
    );
    await renderApp("/pricing");

    const announcement = await screen.findByRole("region", { name: "Announcement" });
    expect(within(announcement).getByText("Summer sale")).toBeVisible();
    expect(within(announcement).getByRole("link", { name: "See offer" })).toHaveAttribute(
      "href",
      `${window.location.origin}/api/campaign-delivery/click/banner/${BANNER_ID}`,
    );
    const offers = screen.getByRole("complementary", { name: "Offers" });
    expect(within(offers).getByRole("region", { name: "Message" })).toHaveTextContent("New: CSV export");
    expect(within(offers).getByRole("region", { name: "Partner offer" })).toHaveTextContent("Try Zoho CRM");
    // A message without a link has no button to follow.
    expect(within(within(offers).getByRole("region", { name: "Message" })).queryByRole("link")).not.toBeInTheDocument();

    await waitFor(() => expect(events).toHaveLength(3));
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ campaignType: "banner", campaignId: BANNER_ID, eventType: "impression", page: "/pricing" }),
        expect.objectContaining({ campaignType: "in_app_message", eventType: "impression" }),
        expect.objectContaining({ campaignType: "affiliate_ad", eventType: "impression" }),
      ]),
    );
  });

  it("hides a dismissed banner at once, reports it, and keeps it away on the next page", async () => {
    const { events } = deliveryNetwork(() => delivery({ banners: [banner()] }));
    const { user, router } = await renderApp("/pricing");

    await user.click(await screen.findByRole("button", { name: "Dismiss Summer sale" }));

    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
    await waitFor(() => expect(events).toContainEqual(expect.objectContaining({ campaignId: BANNER_ID, eventType: "dismiss" })));
    // The server's answer for the next page still names it (sent before the dismissal landed): it stays hidden.
    await act(() => router.navigate({ to: "/privacy" }));
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
  });

  it("asks again on each page and after each action, with the visit and what was done in it", async () => {
    const { queries } = deliveryNetwork(() => delivery());
    const { router } = await renderApp("/pricing");
    await waitFor(() => expect(queries).toHaveLength(1));
    const visit = queries[0]?.get("visit");
    expect(visit).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(queries[0]?.get("page")).toBe("/pricing");
    expect(queries[0]?.get("after")).toBe("");

    act(() => reportVisitorAction("validation"));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]?.get("after")).toBe("validation");

    // A second validation may reach a count the affiliate ad waits for: asked again, with the same visit.
    act(() => reportVisitorAction("validation"));
    await waitFor(() => expect(queries).toHaveLength(3));
    await act(() => router.navigate({ to: "/privacy" }));
    await waitFor(() => expect(queries).toHaveLength(4));
    expect(queries[3]?.get("page")).toBe("/privacy");
    expect(queries[3]?.get("after")).toBe("validation");
    expect(queries.map((query) => query.get("visit"))).toEqual([visit, visit, visit, visit]);
  });

  it("renews the visit after half an hour without activity, and forgets its actions", async () => {
    localStorage.setItem("marketing_visit", JSON.stringify({ id: "old-visit-id", lastActiveAt: Date.now() - 31 * 60_000 }));
    sessionStorage.setItem("marketing_visit_actions", JSON.stringify({ visit: "old-visit-id", actions: ["login"] }));
    const { queries } = deliveryNetwork(() => delivery());
    await renderApp("/pricing");

    await waitFor(() => expect(queries).toHaveLength(1));
    expect(queries[0]?.get("visit")).not.toBe("old-visit-id");
    expect(queries[0]?.get("after")).toBe("");
  });

  it("opens the popup as a titled dialog; Escape dismisses it and gives focus back", async () => {
    const { events } = deliveryNetwork(() => delivery({ popup: popup() }));
    const { user } = await renderApp("/pricing");
    const skipLink = screen.getByRole("link", { name: "Skip to content" });
    skipLink.focus();

    const dialog = await screen.findByRole("dialog", { name: "Join the newsletter" });
    expect(dialog).toHaveTextContent("News once a month");
    expect(dialog).toHaveStyle({ backgroundColor: "#112233", color: "#fafafa" });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await waitFor(() => expect(events).toContainEqual(expect.objectContaining({ campaignId: POPUP_ID, eventType: "impression" })));

    await user.keyboard("{Escape}");

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(skipLink).toHaveFocus());
    expect(events).toContainEqual(expect.objectContaining({ campaignId: POPUP_ID, eventType: "dismiss" }));
  });

  it("closes the popup with Close too, and it does not come back on the next page", async () => {
    deliveryNetwork(() => delivery({ popup: popup() }));
    const { user, router } = await renderApp("/pricing");

    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await act(() => router.navigate({ to: "/privacy" }));
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows an admin's preview in its slot, marked, without asking delivery or reporting events", async () => {
    storeSessionFor(adminUser);
    const fetchMock = mockNetwork({
      "GET /api/user": () => json(adminUser),
      "GET /auth/v1/user": () => json(authUserFor(adminUser)),
      [`GET /api/marketing/preview/banner/${BANNER_ID}`]: () => json(banner({ placement: "footer", title: "Draft banner" })),
    });
    const { user } = await renderApp(`/pricing?marketing-preview=banner:${BANNER_ID}`);

    const announcement = await screen.findByRole("region", { name: "Announcement" });
    expect(within(announcement).getByText("Draft banner")).toBeVisible();
    expect(within(announcement).getByText("Preview")).toBeVisible();
    await user.click(within(announcement).getByRole("button", { name: "Dismiss Draft banner" }));

    expect(screen.queryByRole("region", { name: "Announcement" })).not.toBeInTheDocument();
    const paths = requestedPaths(fetchMock);
    expect(paths).not.toContain("/api/campaign-delivery");
    expect(paths).not.toContain("/api/campaign-delivery/events");
  });
});
