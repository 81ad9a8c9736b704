// /admin/api-management through the real app; the API stood in for at fetch.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { serveAsAdmin } from "@/test/admin-screens";
import { adminApiKey, adminApiKeyPage } from "@/test/api-management";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

const KEYS = "GET /api/admin/api-keys";
const production = adminApiKey();
const staging = adminApiKey({
  id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
  keyName: "Staging",
  keyPrefix: "msk_Zz9Yy8",
  usageCount: 3,
  requestsToday: 0,
  lastUsedAt: null,
  owner: { id: "0b6a9c8e-2d4f-4e1a-8c3b-7f5e6d4c3b2a", email: "ops@acme.test", name: null },
});
const revoked = adminApiKey({
  id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
  keyName: "Old laptop",
  status: "revoked",
  revokedAt: "2026-11-20T10:00:00.000Z",
  requestsToday: 0,
});

/** The query of each GET /api/admin/api-keys the screen made. */
function keyQueries(fetchMock: ReturnType<typeof serveAsAdmin>): Record<string, string>[] {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), window.location.href))
    .filter((url) => url.pathname === "/api/admin/api-keys")
    .map((url) => Object.fromEntries(url.searchParams));
}

function row(name: string) {
  return within(screen.getByRole("cell", { name: new RegExp(name) }).closest("tr")!);
}

describe("/admin/api-management", () => {
  it("is for admins only", async () => {
    storeSessionFor(demoUser);
    mockNetwork({ "GET /api/user": () => json(demoUser), "GET /api/support/tickets": () => json([]) });
    await renderApp("/admin/api-management");
    expect(await screen.findByRole("heading", { name: "Admins only" })).toBeVisible();
  });

  it("lists every key with its owner, usage and status, and the top keys today", async () => {
    serveAsAdmin({ [KEYS]: () => json(adminApiKeyPage([production, staging, revoked])) });
    await renderApp("/admin/api-management");

    expect(await screen.findByRole("heading", { level: 1, name: "API management" })).toBeVisible();
    expect(document.title).toBe("API management · MailScout");
    await screen.findByRole("cell", { name: /Production server/ });
    const first = row("Production server");
    expect(first.getByText("msk_a1B2c3…")).toBeVisible();
    expect(first.getByText("demo@example.com")).toBeVisible();
    expect(first.getByText("Dana Demo")).toBeVisible();
    expect(first.getByText("Active")).toBeVisible();
    expect(first.getByText("12,345")).toBeVisible();
    expect(first.getByText("60 / min")).toBeVisible();
    // Never used, and (like every key here) never expiring.
    expect(row("Staging").getAllByText("Never")).toHaveLength(2);
    expect(row("Production server").getAllByText("Never")).toHaveLength(1);
    // A revoked key has nothing left to do.
    expect(row("Old laptop").getByText("Revoked")).toBeVisible();
    expect(row("Old laptop").queryByRole("button")).not.toBeInTheDocument();

    const top = within(screen.getByRole("list", { name: "Top keys today" }));
    expect(top.getAllByRole("listitem")).toHaveLength(1);
    expect(top.getByText("420 calls")).toBeVisible();
  });

  it("searches and filters on the server, from the first page", async () => {
    const fetchMock = serveAsAdmin({
      [KEYS]: (request) => {
        const query = new URL(request.url).searchParams;
        return json(adminApiKeyPage(query.get("q") ? [staging] : [production, staging], { total: 120, page: Number(query.get("page") ?? 1) }));
      },
    });
    const { user } = await renderApp("/admin/api-management");
    await screen.findByRole("cell", { name: /Production server/ });

    await user.click(within(screen.getByRole("navigation", { name: "Pages" })).getByRole("button", { name: "Next" }));
    await waitFor(() => expect(keyQueries(fetchMock).at(-1)).toEqual({ page: "2" }));

    await user.type(screen.getByRole("searchbox", { name: "Search keys" }), "ops@acme");
    await waitFor(() => expect(keyQueries(fetchMock).at(-1)).toEqual({ q: "ops@acme", page: "1" }));
    await waitFor(() => expect(screen.queryByRole("cell", { name: /Production server/ })).not.toBeInTheDocument());

    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Revoked");
    await waitFor(() => expect(keyQueries(fetchMock).at(-1)).toEqual({ q: "ops@acme", status: "revoked", page: "1" }));
  });

  it("says when no key matches, and when there are none at all", async () => {
    serveAsAdmin({ [KEYS]: () => json(adminApiKeyPage([])) });
    const { user } = await renderApp("/admin/api-management");
    expect(await screen.findByText("No API keys found")).toBeVisible();
    expect(screen.getByText("Nobody has made an API key yet.")).toBeVisible();
    expect(screen.getByText("No calls with an API key yet today.")).toBeVisible();
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "Expired");
    expect(await screen.findByText("No key matches the search and filter.")).toBeVisible();
  });

  it("shows skeletons while the keys load", async () => {
    let answer!: (response: Response) => void;
    serveAsAdmin({ [KEYS]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await renderApp("/admin/api-management");
    expect(await screen.findByText("Loading API keys")).toBeInTheDocument();
    expect(screen.getByRole("status", { name: "Loading top keys" })).toBeVisible();
    answer(json(adminApiKeyPage([production])));
    expect(await screen.findByRole("cell", { name: /Production server/ })).toBeVisible();
    expect(screen.queryByText("Loading API keys")).not.toBeInTheDocument();
  });

  it("shows what failed and loads again on Try again", async () => {
    let fail = true;
    serveAsAdmin({ [KEYS]: () => (fail ? new Response("", { status: 500 }) : json(adminApiKeyPage([production]))) });
    const { user } = await renderApp("/admin/api-management");
    expect(await screen.findByText("Could not load the API keys.")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("cell", { name: /Production server/ })).toBeVisible();
  });

  it("revokes a key after asking, and lists the keys again", async () => {
    let current = production;
    const revokes: string[] = [];
    serveAsAdmin({
      [KEYS]: () => json(adminApiKeyPage([current])),
      [`POST /api/admin/api-keys/${production.id}/revoke`]: (request) => {
        revokes.push(request.url);
        current = { ...production, status: "revoked", revokedAt: "2026-11-27T06:00:00.000Z" };
        return json(current);
      },
    });
    const { user } = await renderApp("/admin/api-management");
    await user.click(await screen.findByRole("button", { name: "Revoke Production server" }));

    const dialog = within(screen.getByRole("alertdialog", { name: "Revoke API key" }));
    expect(dialog.getByText(/Revoke "Production server" \(msk_a1B2c3…\) of demo@example\.com\?/)).toBeVisible();
    await user.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(revokes).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Revoke Production server" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Revoke key" }));
    expect(await screen.findByText("API key revoked")).toBeVisible();
    expect(revokes).toHaveLength(1);
    await waitFor(() => expect(row("Production server").getByText("Revoked")).toBeVisible());
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
  });

  it("sets a key's rate limit between 1 and 6,000", async () => {
    const bodies: unknown[] = [];
    serveAsAdmin({
      [KEYS]: () => json(adminApiKeyPage([production])),
      [`PATCH /api/admin/api-keys/${production.id}`]: async (request) => {
        bodies.push(await request.json());
        return json({ ...production, rateLimit: 600 });
      },
    });
    const { user } = await renderApp("/admin/api-management");
    await user.click(await screen.findByRole("button", { name: "Rate limit of Production server" }));
    const dialog = within(screen.getByRole("dialog", { name: "Rate limit" }));
    const field = dialog.getByRole("textbox", { name: "Calls per minute" });
    expect(field).toHaveValue("60");

    await user.clear(field);
    await user.type(field, "6001");
    await user.click(dialog.getByRole("button", { name: "Save rate limit" }));
    expect(await dialog.findByText("rateLimit must be at most 6000")).toBeVisible();
    expect(bodies).toEqual([]);

    await user.clear(field);
    await user.type(field, "600");
    await user.click(dialog.getByRole("button", { name: "Save rate limit" }));
    expect(await screen.findByText("Rate limit saved")).toBeVisible();
    expect(bodies).toEqual([{ rateLimit: 600 }]);
  });

  it("says why the server refused a change", async () => {
    serveAsAdmin({
      [KEYS]: () => json(adminApiKeyPage([production])),
      [`POST /api/admin/api-keys/${production.id}/revoke`]: () => json({ message: "API key not found" }, { status: 404 }),
    });
    const { user } = await renderApp("/admin/api-management");
    await user.click(await screen.findByRole("button", { name: "Revoke Production server" }));
    await user.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Revoke key" }));
    expect(await screen.findByText("API key not found")).toBeVisible();
    expect(screen.getByRole("alertdialog")).toBeVisible();
  });
});
