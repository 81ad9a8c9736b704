import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { delivery } from "@/test/campaigns";
import { json, mockNetwork } from "@/test/network";
import { renderApp } from "@/test/render-app";

const TOKEN = "u4G0cW1pZkqL9mN2xY7vT3sR8eA5bD6fH0jK1lM2nO3";

describe("/unsubscribe/$token", () => {
  it("unsubscribes with the button only, without signing in", async () => {
    const posted: string[] = [];
    mockNetwork({
      "GET /api/campaign-delivery": () => json(delivery()),
      [`GET /api/email/unsubscribe/${TOKEN}`]: () => json({ valid: true, unsubscribed: false }),
      [`POST /api/email/unsubscribe/${TOKEN}`]: (request) => {
        posted.push(new URL(request.url).pathname);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp(`/unsubscribe/${TOKEN}`);

    expect(await screen.findByRole("heading", { level: 1, name: "Unsubscribe from marketing emails" })).toBeVisible();
    const button = await screen.findByRole("button", { name: "Unsubscribe" });
    expect(posted).toEqual([]);

    await user.click(button);

    expect(await screen.findByRole("status")).toHaveTextContent("You have been unsubscribed.");
    expect(posted).toEqual([`/api/email/unsubscribe/${TOKEN}`]);
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });

  it("says so at once when the link was used already", async () => {
    mockNetwork({
      "GET /api/campaign-delivery": () => json(delivery()),
      [`GET /api/email/unsubscribe/${TOKEN}`]: () => json({ valid: true, unsubscribed: true }),
    });
    await renderApp(`/unsubscribe/${TOKEN}`);

    expect(await screen.findByRole("status")).toHaveTextContent("You have been unsubscribed.");
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });

  it("says so when the link names no one", async () => {
    mockNetwork({
      "GET /api/campaign-delivery": () => json(delivery()),
      "GET /api/email/unsubscribe/not-a-token": () => json({ message: "Not found" }, { status: 404 }),
    });
    await renderApp("/unsubscribe/not-a-token");

    expect(await screen.findByRole("alert")).toHaveTextContent("This unsubscribe link is not valid.");
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).not.toBeInTheDocument();
  });

  it("shows the server's message when unsubscribing fails, and keeps the button", async () => {
    mockNetwork({
      "GET /api/campaign-delivery": () => json(delivery()),
      [`GET /api/email/unsubscribe/${TOKEN}`]: () => json({ valid: true, unsubscribed: false }),
      [`POST /api/email/unsubscribe/${TOKEN}`]: () => json({ message: "Try again in a minute" }, { status: 503 }),
    });
    const { user } = await renderApp(`/unsubscribe/${TOKEN}`);

    await user.click(await screen.findByRole("button", { name: "Unsubscribe" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Try again in a minute");
    await waitFor(() => expect(screen.getByRole("button", { name: "Unsubscribe" })).toBeEnabled());
  });
});
