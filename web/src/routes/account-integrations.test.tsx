// My Account's Integrations page through the real app: a person connects their own Zoho CRM, comes back from Zoho's
// redirect, tests and disconnects the connection. The API is stood in for at fetch.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { crmConnection, syncCandidate, syncStats } from "@/test/crm";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

const BASE = "/api/crm/zoho";
const consentUrl = "https://accounts.zoho.test/oauth/v2/auth?state=abc";

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  // Leaving for Zoho's consent page is where the test stops following.
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

type Routes = Parameters<typeof mockNetwork>[0];

function serveUser(connection: () => ReturnType<typeof crmConnection>, routes: Routes = {}) {
  storeSessionFor(demoUser);
  return mockNetwork({
    "GET /api/user": () => json(demoUser),
    [`GET ${BASE}`]: () => json(connection()),
    [`GET ${BASE}/sync-stats`]: () => json(syncStats()),
    [`GET ${BASE}/sync-candidates`]: () => json({ contacts: [syncCandidate(1)], total: 1, page: 1, pageSize: 50 }),
    [`GET ${BASE}/sync-runs`]: () => json([]),
    ...routes,
  });
}

const connectionRegion = () => within(screen.getByRole("region", { name: "Zoho CRM connection" }));

describe("/account/integrations", () => {
  it("is a page of My Account, and sends the person to Zoho's consent page to connect", async () => {
    const asked: unknown[] = [];
    serveUser(() => crmConnection({ status: "not_connected", orgId: null, connectedAt: null, lastSyncAt: null }), {
      [`POST ${BASE}/connect`]: async (request) => {
        asked.push(await request.json());
        return json({ url: consentUrl });
      },
    });
    const { user } = await renderApp("/account/integrations");

    const nav = within(screen.getByRole("navigation", { name: "My Account" }));
    expect(nav.getByRole("link", { name: "Integrations" })).toHaveAttribute("aria-current", "page");
    expect(await screen.findByText("Zoho CRM is not connected")).toBeVisible();
    // Without a connection the contacts show, but nothing can be sent.
    expect(await screen.findByRole("button", { name: "Sync contact1@acme.test" })).toBeDisabled();

    await user.click(connectionRegion().getByRole("button", { name: "Connect" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(consentUrl));
    expect(asked).toEqual([{ returnTo: "/account/integrations" }]);
  });

  it("says the connection succeeded when Zoho's redirect comes back, and cleans the address", async () => {
    serveUser(() => crmConnection());
    const { router } = await renderApp("/account/integrations?zoho=connected");
    expect(await screen.findByText("Zoho CRM connected")).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.pathname).toBe("/account/integrations");
    expect(await screen.findByRole("button", { name: "Sync contact1@acme.test" })).toBeEnabled();
  });

  it("says why connecting failed when Zoho's redirect brings an error", async () => {
    serveUser(() => crmConnection({ status: "not_connected" }));
    const { router } = await renderApp("/account/integrations?zoho=error&reason=expired_state");
    expect(await screen.findByText("Could not connect Zoho CRM")).toBeVisible();
    expect(screen.getByText("The connection attempt took too long. Please connect again.")).toBeVisible();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("tests the connection, and disconnects after asking", async () => {
    let connected = true;
    let deletes = 0;
    serveUser(() => (connected ? crmConnection() : crmConnection({ status: "not_connected", orgId: null })), {
      [`GET ${BASE}/test-connection`]: () => json({ success: true, configured: true, message: "Connected to Acme Inc", orgName: "Acme Inc" }),
      [`DELETE ${BASE}`]: () => {
        deletes += 1;
        connected = false;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/account/integrations");

    await user.click(await screen.findByRole("button", { name: "Test Connection" }));
    expect(await screen.findByText("Connection successful")).toBeVisible();
    expect(screen.getByText("Connected to Acme Inc")).toBeVisible();

    await user.click(connectionRegion().getByRole("button", { name: "Disconnect" }));
    const question = within(await screen.findByRole("alertdialog", { name: "Disconnect Zoho CRM" }));
    await user.click(question.getByRole("button", { name: "Disconnect" }));
    expect(await screen.findByText("Zoho CRM is not connected")).toBeVisible();
    expect(await screen.findByText("Zoho CRM disconnected")).toBeVisible();
    expect(deletes).toBe(1);
  });

  it("asks to reconnect once Zoho refused the stored token, and says when a test fails", async () => {
    let status: "connected" | "needs_reconnect" = "connected";
    serveUser(() => crmConnection({ status }), {
      [`GET ${BASE}/test-connection`]: () => {
        status = "needs_reconnect";
        return json({ success: false, configured: true, message: "Zoho refused the connection: reconnect to Zoho CRM" });
      },
      [`POST ${BASE}/connect`]: () => json({ url: consentUrl }),
    });
    const { user } = await renderApp("/account/integrations");
    await user.click(await screen.findByRole("button", { name: "Test Connection" }));
    expect(await screen.findByText("Connection failed")).toBeVisible();
    expect(screen.getByText("Zoho refused the connection: reconnect to Zoho CRM")).toBeVisible();

    expect(await screen.findByText("Zoho CRM needs reconnecting")).toBeVisible();
    await user.click(connectionRegion().getByRole("button", { name: "Reconnect" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(consentUrl));
  });
});
