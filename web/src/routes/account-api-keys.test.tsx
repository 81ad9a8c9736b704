// My Account's API keys page through the real app: a person makes a key and sees its secret once, renames, rotates
// and revokes keys, reads their usage, and reveals, copies and regenerates the webhook signing secret. The API is
// stood in for at fetch.
import type { ApiKey } from "@contracts/api-keys";
import { screen, waitFor, within } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiKey, createdKey, delivery, SECRET, usage } from "@/test/account-api-keys";
import { demoUser, json, mockNetwork, storeSessionFor } from "@/test/network";
import { renderApp } from "@/test/render-app";

type Routes = Parameters<typeof mockNetwork>[0];

function serveUser(keys: () => ApiKey[], routes: Routes = {}) {
  storeSessionFor(demoUser);
  return mockNetwork({
    "GET /api/user": () => json(demoUser),
    "GET /api/api-keys": () => json(keys()),
    "GET /api/api-keys/usage": (request) => json(usage(new URL(request.url).searchParams.get("keyId"), (day) => day)),
    "GET /api/webhooks/deliveries": () => json({ deliveries: [], total: 0, page: 1, pageSize: 50 }),
    ...routes,
  });
}

const keysTable = async () => within(await screen.findByRole("table", { name: "API keys" }));
/** Makes a key through the Create key dialog and waits for its secret to show. */
async function createKey(user: UserEvent, name: string) {
  await user.click(await screen.findByRole("button", { name: "Create key" }));
  const form = within(screen.getByRole("dialog", { name: "Create API key" }));
  await user.click(form.getByLabelText("Name"));
  await user.paste(name);
  await user.click(form.getByRole("button", { name: "Create key" }));
  await screen.findByRole("dialog", { name: /Your API key/ });
}

const secretDialog = () => within(screen.getByRole("dialog", { name: /Your (new )?API key/ }));

// Each test renders the whole page (keys, chart, webhook log) and walks through dialogs: generous room on a busy machine.
describe("/account/api-keys", { timeout: 15_000 }, () => {
  it("is a page of My Account beside Integrations, listing each key's name, prefix, use, expiry and status", async () => {
    serveUser(() => [
      apiKey(1, { expiresAt: "2027-03-01T23:59:59.000Z" }),
      apiKey(2, { status: "revoked", revokedAt: "2026-11-20T10:00:00.000Z", lastUsedAt: null }),
    ]);
    await renderApp("/account/api-keys");

    const nav = within(screen.getByRole("navigation", { name: "My Account" }));
    expect(nav.getByRole("link", { name: "API keys" })).toHaveAttribute("aria-current", "page");
    const table = await keysTable();
    const first = within(table.getByRole("row", { name: /Server 1/ }));
    expect(first.getByText("msk_abc121…")).toBeVisible();
    expect(first.getByText("1,200")).toBeVisible();
    expect(first.getByText("Active")).toBeVisible();
    expect(first.getByText(/Mar 1, 2027|Mar 2, 2027/)).toBeVisible();
    const revoked = within(table.getByRole("row", { name: /Server 2/ }));
    expect(revoked.getByText("Revoked")).toBeVisible();
    // Never used, and never expiring.
    expect(revoked.getAllByText("Never")).toHaveLength(2);
    // A revoked key can be renamed, not rotated or revoked again.
    expect(revoked.getByRole("button", { name: "Rename Server 2 (msk_abc122)" })).toBeVisible();
    expect(revoked.queryByRole("button", { name: /Rotate|Revoke/ })).not.toBeInTheDocument();
  });

  it("invites the first key when there is none, with a link to the API docs", async () => {
    serveUser(() => []);
    await renderApp("/account/api-keys");
    expect(await screen.findByText("Create your first API key")).toBeVisible();
    expect(screen.getByRole("link", { name: "Read the API docs" })).toHaveAttribute("href", "/developers");
    expect(screen.getByRole("button", { name: "Create key" })).toBeEnabled();
    expect(await screen.findByText("No webhook deliveries yet")).toBeVisible();
  });

  it("says when the keys could not be loaded, and tries again", async () => {
    let fail = true;
    serveUser(() => [apiKey(1)], {
      "GET /api/api-keys": () => (fail ? new Response("", { status: 500 }) : json([apiKey(1)])),
    });
    const { user } = await renderApp("/account/api-keys");
    expect(await screen.findByText("Your API keys could not be loaded.")).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect((await keysTable()).getByText("Server 1")).toBeVisible();
  });

  it("checks a new key's name and expiry before asking the server", async () => {
    const fetchMock = serveUser(() => []);
    const { user } = await renderApp("/account/api-keys");
    await user.click(await screen.findByRole("button", { name: "Create key" }));
    const dialog = within(screen.getByRole("dialog", { name: "Create API key" }));

    await user.click(dialog.getByRole("button", { name: "Create key" }));
    expect(await dialog.findByText("Key name is required")).toBeVisible();

    await user.click(dialog.getByLabelText("Name"));
    await user.paste("x".repeat(101));
    await user.click(dialog.getByRole("button", { name: "Create key" }));
    expect(await dialog.findByText("Key name must be at most 100 characters")).toBeVisible();

    await user.clear(dialog.getByLabelText("Name"));
    await user.type(dialog.getByLabelText("Name"), "Billing server");
    await user.type(dialog.getByLabelText("Expires on (optional)"), "2020-01-01");
    await user.click(dialog.getByRole("button", { name: "Create key" }));
    expect(await dialog.findByText("The expiry must be in the future")).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);
  });

  it("makes a key and shows its secret once, announced to screen readers", async () => {
    let keys: ApiKey[] = [];
    const asked: unknown[] = [];
    serveUser(() => keys, {
      "POST /api/api-keys": async (request) => {
        asked.push(await request.json());
        keys = [apiKey(1, { keyName: "Billing server" })];
        return json(createdKey(keys[0]!), { status: 201 });
      },
    });
    const { user } = await renderApp("/account/api-keys");
    await user.click(await screen.findByRole("button", { name: "Create key" }));
    const form = within(screen.getByRole("dialog", { name: "Create API key" }));
    await user.click(form.getByLabelText("Name"));
    await user.paste("  Billing server ");
    await user.type(form.getByLabelText("Expires on (optional)"), "2099-12-31");
    await user.click(form.getByRole("button", { name: "Create key" }));

    expect(await screen.findByText("API key created")).toBeVisible();
    const shown = secretDialog();
    expect(shown.getByLabelText("API key Billing server")).toHaveValue(SECRET);
    expect(shown.getByRole("status")).toHaveTextContent("Your API key Billing server is shown once. Copy it now: you won't see it again.");
    expect(asked).toHaveLength(1);
    const body = asked[0] as { keyName: string; expiresAt: string };
    expect(body.keyName).toBe("Billing server");
    // The key works through the last day chosen, in the person's own time zone.
    expect(new Date(body.expiresAt).getFullYear()).toBe(2099);
    expect(new Date(body.expiresAt).getDate()).toBe(31);
  });

  it("asks before a secret is closed uncopied, and closes a copied one at once", async () => {
    serveUser(() => [], { "POST /api/api-keys": () => json(createdKey(apiKey(1)), { status: 201 }) });
    const { user } = await renderApp("/account/api-keys");
    await createKey(user, "Server 1");

    // Closing before copying asks; staying keeps the secret on screen.
    await user.keyboard("{Escape}");
    const question = within(await screen.findByRole("alertdialog", { name: "Close without copying?" }));
    expect(question.getByText(/You won't see this key again/)).toBeVisible();
    await user.click(question.getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());

    await user.click(secretDialog().getByRole("button", { name: "Copy API key Server 1" }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(secretDialog().getByRole("status")).toHaveTextContent("API key copied.");
    // Once copied, it closes without asking, and the secret is gone from the page.
    await user.click(secretDialog().getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it("closes an uncopied secret once the person confirms", async () => {
    serveUser(() => [], { "POST /api/api-keys": () => json(createdKey(apiKey(1)), { status: 201 }) });
    const { user } = await renderApp("/account/api-keys");
    await createKey(user, "Server 1");
    await user.click(screen.getByRole("button", { name: "Done" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Close anyway" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it("says why the server refused a new key, and keeps what was typed", async () => {
    serveUser(() => [apiKey(1)], {
      "POST /api/api-keys": () => json({ message: "You can have at most 10 active API keys" }, { status: 409 }),
    });
    const { user } = await renderApp("/account/api-keys");
    await user.click(await screen.findByRole("button", { name: "Create key" }));
    const form = within(screen.getByRole("dialog", { name: "Create API key" }));
    await user.type(form.getByLabelText("Name"), "One more");
    await user.click(form.getByRole("button", { name: "Create key" }));
    expect(await screen.findByText("You can have at most 10 active API keys")).toBeVisible();
    expect(form.getByLabelText("Name")).toHaveValue("One more");
  });

  it("stops offering new keys at the most a person may hold", async () => {
    serveUser(() => Array.from({ length: 10 }, (_, index) => apiKey(index)));
    await renderApp("/account/api-keys");
    expect(await screen.findByText(/You have 10 active keys, the most you can have. Revoke one to create another./)).toBeVisible();
    expect(screen.getByRole("button", { name: "Create key" })).toBeDisabled();
  });

  it("revokes a key after asking", async () => {
    let keys = [apiKey(1)];
    let deletes = 0;
    serveUser(() => keys, {
      [`DELETE /api/api-keys/${apiKey(1).id}`]: () => {
        deletes += 1;
        keys = [apiKey(1, { status: "revoked", revokedAt: "2026-11-27T06:00:00.000Z" })];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = await renderApp("/account/api-keys");
    await user.click((await keysTable()).getByRole("button", { name: "Revoke Server 1 (msk_abc121)" }));
    const question = within(await screen.findByRole("alertdialog", { name: "Revoke API key" }));
    expect(question.getByText(/will be refused from now on/)).toBeVisible();
    await user.click(question.getByRole("button", { name: "Cancel" }));
    expect(deletes).toBe(0);

    await user.click((await keysTable()).getByRole("button", { name: "Revoke Server 1 (msk_abc121)" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText("API key revoked")).toBeVisible();
    expect(await (await keysTable()).findByText("Revoked")).toBeVisible();
    expect(deletes).toBe(1);
  });

  it("rotates a key with a grace period, and shows the new secret once", async () => {
    const old = apiKey(1);
    let keys = [old];
    const asked: unknown[] = [];
    const NEW_SECRET = SECRET.replace("7Hq2", "9Zz9");
    serveUser(() => keys, {
      [`POST /api/api-keys/${old.id}/rotate`]: async (request) => {
        asked.push(await request.json());
        const replacement = apiKey(2, { keyName: old.keyName });
        keys = [replacement, { ...old, replacedBy: replacement.id, expiresAt: "2026-11-27T06:00:00.000Z" }];
        return json(createdKey(replacement, NEW_SECRET));
      },
    });
    const { user } = await renderApp("/account/api-keys");
    await user.click((await keysTable()).getByRole("button", { name: "Rotate Server 1 (msk_abc121)" }));
    const form = within(screen.getByRole("dialog", { name: "Rotate API key" }));
    const grace = form.getByLabelText("Grace period (hours)");
    expect(grace).toHaveValue("24");

    await user.clear(grace);
    await user.type(grace, "169");
    await user.click(form.getByRole("button", { name: "Rotate key" }));
    expect(await form.findByText("graceHours must be at most 168")).toBeVisible();

    await user.clear(grace);
    await user.type(grace, "0");
    await user.click(form.getByRole("button", { name: "Rotate key" }));
    expect(await screen.findByText("API key rotated")).toBeVisible();
    expect(asked).toEqual([{ graceHours: 0 }]);
    expect(secretDialog().getByLabelText("API key Server 1")).toHaveValue(NEW_SECRET);
    await user.click(secretDialog().getByRole("button", { name: "Copy API key Server 1" }));
    await user.click(secretDialog().getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    // The old key reads rotated and can't be rotated again; the new one can.
    const table = await keysTable();
    const oldRow = within(await table.findByRole("row", { name: /msk_abc121/ }));
    expect(oldRow.getByText("Rotated")).toBeVisible();
    expect(oldRow.queryByRole("button", { name: /Rotate/ })).not.toBeInTheDocument();
    expect(table.getByRole("button", { name: "Rotate Server 1 (msk_abc122)" })).toBeVisible();
  });

  it("renames a key", async () => {
    let keys = [apiKey(1)];
    serveUser(() => keys, {
      [`PATCH /api/api-keys/${apiKey(1).id}`]: async (request) => {
        const { keyName } = (await request.json()) as { keyName: string };
        keys = [apiKey(1, { keyName })];
        return json(keys[0]);
      },
    });
    const { user } = await renderApp("/account/api-keys");
    await user.click((await keysTable()).getByRole("button", { name: "Rename Server 1 (msk_abc121)" }));
    const form = within(screen.getByRole("dialog", { name: "Rename API key" }));
    await user.clear(form.getByLabelText("Name"));
    await user.type(form.getByLabelText("Name"), "Reporting");
    await user.click(form.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("API key renamed")).toBeVisible();
    expect(await (await keysTable()).findByText("Reporting")).toBeVisible();
  });

  it("charts the last 30 days of all keys, or of the key chosen", async () => {
    const fetchMock = serveUser(() => [apiKey(1), apiKey(2)]);
    const { user } = await renderApp("/account/api-keys");
    // Days 0..29 carry 0..29 requests: 435 in all, and twice as many emails.
    expect(await screen.findByText("435 requests, 870 emails and 0 errors in the last 30 days.")).toBeVisible();
    expect(screen.getByRole("figure", { name: "Requests per day, last 30 days" })).toBeVisible();

    await user.selectOptions(screen.getByLabelText("Show usage of"), "Server 2 (msk_abc122)");
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(`/api/api-keys/usage?keyId=${apiKey(2).id}`),
    );
  });

  it("reveals, copies and regenerates the webhook signing secret, and redelivers a delivery", async () => {
    let secret = "whsec_first";
    let regenerated = 0;
    let redelivered = 0;
    const failed = delivery();
    serveUser(() => [apiKey(1)], {
      "GET /api/webhooks/secret": () => json({ secret, createdAt: "2026-11-02T08:00:00.000Z" }),
      "POST /api/webhooks/secret": () => {
        regenerated += 1;
        secret = "whsec_second";
        return json({ secret, createdAt: "2026-11-27T06:00:00.000Z" });
      },
      "GET /api/webhooks/deliveries": () => json({ deliveries: [failed], total: 1, page: 1, pageSize: 50 }),
      [`POST /api/webhooks/deliveries/${failed.id}/redeliver`]: () => {
        redelivered += 1;
        return new Response(null, { status: 202 });
      },
    });
    const { user } = await renderApp("/account/api-keys");
    const webhooks = within(await screen.findByRole("region", { name: "Webhooks" }));
    expect(webhooks.queryByDisplayValue("whsec_first")).not.toBeInTheDocument();

    await user.click(webhooks.getByRole("button", { name: "Reveal" }));
    expect(await webhooks.findByLabelText("Signing secret")).toHaveValue("whsec_first");
    await user.click(webhooks.getByRole("button", { name: "Copy Signing secret" }));
    expect(await navigator.clipboard.readText()).toBe("whsec_first");

    await user.click(webhooks.getByRole("button", { name: "Regenerate" }));
    const question = within(await screen.findByRole("alertdialog", { name: "Regenerate the signing secret" }));
    await user.click(question.getByRole("button", { name: "Regenerate" }));
    expect(await screen.findByText("Signing secret regenerated")).toBeVisible();
    expect(await webhooks.findByLabelText("Signing secret")).toHaveValue("whsec_second");
    expect(regenerated).toBe(1);

    const row = within(webhooks.getByRole("row", { name: /job\.completed/ }));
    expect(row.getByText("Failed")).toBeVisible();
    expect(row.getByRole("cell", { name: "6" })).toBeVisible();
    expect(row.getByText("503")).toBeVisible();
    await user.click(row.getByRole("button", { name: /^Redeliver job\.completed/ }));
    expect(await screen.findByText("Redelivery queued")).toBeVisible();
    expect(redelivered).toBe(1);
  });
});
