import type { Notification, NotificationPage } from "@contracts/marketing";
import { act, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { delivery } from "@/test/campaigns";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { fakeTopics } from "@/test/realtime";
import { renderApp } from "@/test/render-app";
import { ticket } from "@/test/support";

const FIRST = "3c9e7a10-1b2c-4d3e-8f4a-5b6c7d8e9f01";
const SECOND = "3c9e7a10-1b2c-4d3e-8f4a-5b6c7d8e9f02";

function notification(extra: Partial<Notification> = {}): Notification {
  return {
    id: FIRST,
    title: "Spring offer",
    body: "20% off every plan",
    url: null,
    icon: null,
    createdAt: "2026-11-20T09:00:00Z",
    readAt: null,
    ...extra,
  };
}

function inbox(notifications: Notification[]): NotificationPage {
  return { notifications, unread: notifications.filter((item) => !item.readAt).length, nextBefore: null };
}

function signedIn(routes: Parameters<typeof mockNetwork>[0]) {
  storeSessionFor(demoUser);
  const posted: string[] = [];
  const noContent = (request: Request) => {
    posted.push(new URL(request.url).pathname);
    return new Response(null, { status: 204 });
  };
  const fetchMock = mockNetwork({
    "GET /api/user": () => json(demoUser),
    "GET /api/campaign-delivery": () => json(delivery()),
    "GET /api/notifications/push-config": () => json({ vapidPublicKey: null }),
    [`POST /api/notifications/${FIRST}/read`]: noContent,
    [`POST /api/notifications/${SECOND}/delivered`]: noContent,
    "POST /api/notifications/read-all": noContent,
    ...routes,
  });
  return { posted, fetchMock };
}

const bell = (name: RegExp | string) => within(screen.getByRole("banner")).findByRole("button", { name });

describe("notification bell", () => {
  it("counts unread notifications and support replies, and a live one raises it at once", async () => {
    const { posted } = signedIn({
      "GET /api/notifications": () => json(inbox([notification()])),
      "GET /api/support/tickets": () => json([ticket({ unreadCount: 2 })]),
    });
    await renderApp("/pricing");

    expect(await bell("Notifications, 2 unread")).toBeVisible();
    expect(screen.getByText("2 unread notifications")).toHaveAttribute("aria-live", "polite");

    const topic = `user:${demoUser.id}`;
    await waitFor(() => expect(fakeTopics.has(topic)).toBe(true));
    act(() => fakeTopics.get(topic)?.emit("notification", notification({ id: SECOND, title: "New feature" })));

    expect(await bell("Notifications, 3 unread")).toBeVisible();
    expect(screen.getByText("3 unread notifications")).toBeInTheDocument();
    await waitFor(() => expect(posted).toContain(`/api/notifications/${SECOND}/delivered`));
  });

  it("asks for the inbox again when the topic (re)joins", async () => {
    const pages = [inbox([]), inbox([notification()])];
    signedIn({ "GET /api/notifications": () => json(pages.shift() ?? inbox([])), "GET /api/support/tickets": () => json([]) });
    await renderApp("/pricing");
    const topic = `user:${demoUser.id}`;
    await waitFor(() => expect(fakeTopics.has(topic)).toBe(true));

    act(() => fakeTopics.get(topic)?.state("live"));

    expect(await bell("Notifications, 1 unread")).toBeVisible();
  });

  it("lists notifications in its popover; opening one marks it read, and Mark all read clears the count", async () => {
    const { posted } = signedIn({
      "GET /api/notifications": () =>
        json(inbox([notification(), notification({ id: SECOND, title: "New feature", body: "Contacts export" })])),
      "GET /api/support/tickets": () => json([]),
    });
    const { user } = await renderApp("/pricing");

    await user.click(await bell("Notifications, 2 unread"));
    const popover = await screen.findByRole("dialog", { name: "Notifications" });
    const list = within(popover).getByRole("list", { name: "Notification list" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByRole("button", { name: /Spring offer \(unread\) 20% off every plan/ })).toBeVisible();
    // No VAPID key on this server: no device notifications to offer.
    expect(within(popover).queryByRole("button", { name: "Allow device notifications" })).not.toBeInTheDocument();

    await user.click(within(list).getByRole("button", { name: /Spring offer/ }));
    await waitFor(() => expect(posted).toContain(`/api/notifications/${FIRST}/read`));
    expect(await bell("Notifications, 1 unread")).toBeInTheDocument();

    await user.click(await bell("Notifications, 1 unread"));
    await user.click(await screen.findByRole("button", { name: "Mark all read" }));
    await waitFor(() => expect(posted).toContain("/api/notifications/read-all"));
    expect(await bell("Notifications")).toBeInTheDocument();
  });

  it("offers device notifications when the server has a key and the browser can push", async () => {
    signedIn({
      "GET /api/notifications": () => json(inbox([])),
      "GET /api/support/tickets": () => json([]),
      "GET /api/notifications/push-config": () => json({ vapidPublicKey: "BOr4mXqI2S3k" }),
    });
    vi.stubGlobal("PushManager", class {});
    vi.stubGlobal("Notification", { permission: "default" });
    Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: {} });
    try {
      const { user } = await renderApp("/pricing");
      await user.click(await bell("Notifications"));
      const popover = await screen.findByRole("dialog", { name: "Notifications" });
      expect(within(popover).getByText("No notifications yet.")).toBeVisible();
      expect(await within(popover).findByRole("button", { name: "Allow device notifications" })).toBeEnabled();
    } finally {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, "serviceWorker");
    }
  });

  it("is not there for a visitor", async () => {
    mockNetwork({ "GET /api/campaign-delivery": () => json(delivery()) });
    await renderApp("/pricing");
    await within(screen.getByRole("banner")).findByRole("link", { name: "Login" });
    expect(within(screen.getByRole("banner")).queryByRole("button", { name: /Notifications/ })).not.toBeInTheDocument();
  });
});
