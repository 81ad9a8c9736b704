// API keys from end to end: a person makes a key on their account page, copies the secret it shows once, calls the
// public API with it from a script (Node's fetch, not the browser) and gets a verdict; once they revoke it, the same
// call is refused with 401 "API key revoked". And an admin, from the dashboard's API management tab, revokes another
// user's key at /admin/api-management: the same refusal follows, and the owner is emailed.
import { expect, type Page, test } from "@playwright/test";
import { API_KEY_PREFIX, API_KEY_LENGTH, API_KEY_SHOWN_PREFIX_LENGTH } from "../../edge-functions/_shared/api-keys/contract.ts";
import { API_KEY_REVOKED_MESSAGE } from "../../edge-functions/_shared/integrations/contract.ts";
import { apiHeaders, logIn, notifications, registerThroughApi, seeded } from "./accounts";
import { callWithKey, createApiKey } from "./integrations";
import { newestMailTo } from "./mail";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const VALIDATED = { email: "someone@mailscout-demo.test" };

/** What a script gets for one address with `key`: the status, and the verdict or the refusal's message. */
async function validateWith(key: string) {
  return await callWithKey(key, "validate-email", { body: VALIDATED });
}

/** Confirms the ConfirmDialog a revoke opens with its button `confirmLabel`, and waits for the toast. */
async function confirmRevoke(page: Page, confirmLabel: string) {
  const confirm = page.getByRole("alertdialog", { name: "Revoke API key" });
  await confirm.getByRole("button", { name: confirmLabel, exact: true }).click();
  await expect(notifications(page).getByText("API key revoked", { exact: true })).toBeVisible();
  await expect(confirm).toHaveCount(0);
}

test("a person creates a key, copies its secret, gets a verdict with it, revokes it, and the same call gets 401", async ({
  page,
  request,
}) => {
  const user = await registerThroughApi(request, "e2e_keys");
  const keyName = `Script ${Date.now().toString(36)}`;
  await logIn(page, user.username, user.password);
  await page.goto("/account/api-keys");
  await expect(page.getByText("Create your first API key")).toBeVisible();
  await expect(page.getByRole("link", { name: "Read the API docs" }).first()).toBeVisible();
  for (const docs of await page.getByRole("link", { name: "Read the API docs" }).all()) {
    await expect(docs).toHaveAttribute("href", "/developers");
  }

  await page.getByRole("button", { name: "Create key" }).click();
  const form = page.getByRole("dialog", { name: "Create API key" });
  await form.getByLabel("Name", { exact: true }).fill(keyName);
  await form.getByRole("button", { name: "Create key" }).click();
  // Not through the notifications region: the secret's dialog opens at the same moment, and a modal hides the rest
  // of the page from the accessibility tree.
  await expect(page.getByText("API key created", { exact: true })).toBeVisible();

  // Shown once, announced to screen readers, and copied the way a person copies it.
  const shown = page.getByRole("dialog", { name: "Your API key" });
  await expect(shown.getByRole("status")).toHaveText(`Your API key ${keyName} is shown once. Copy it now: you won't see it again.`);
  await shown.getByRole("button", { name: `Copy API key ${keyName}` }).click();
  await expect(shown.getByRole("status")).toHaveText("API key copied.");
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toMatch(new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_LENGTH - API_KEY_PREFIX.length}}$`));
  await expect(shown.getByRole("textbox", { name: `API key ${keyName}` })).toHaveValue(secret);
  // Copied, so Done closes without asking.
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toHaveCount(0);

  const row = page.getByRole("table", { name: "API keys" }).getByRole("row").filter({ hasText: keyName });
  await expect(row).toContainText(`${secret.slice(0, API_KEY_SHOWN_PREFIX_LENGTH)}…`);
  await expect(row).toContainText("Active");
  await expect(row).not.toContainText(secret);

  const allowed = await validateWith(secret);
  expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  expect(allowed.body).toMatchObject({ email: VALIDATED.email, verdict: "deliverable", isValid: true });
  expect(allowed.headers.get("x-ratelimit-limit")).toBe("60");
  expect(allowed.headers.get("x-request-id")).toBeTruthy();

  await row.getByRole("button", { name: `Revoke ${keyName} (${secret.slice(0, API_KEY_SHOWN_PREFIX_LENGTH)})` }).click();
  await confirmRevoke(page, "Revoke");
  await expect(row).toContainText("Revoked");

  const refused = await validateWith(secret);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ message: API_KEY_REVOKED_MESSAGE, code: expect.any(String), requestId: expect.any(String) });
  expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
});

test("an admin opens API management from the dashboard, finds another user's key and revokes it", async ({
  context,
  page,
  request,
}) => {
  const owner = await registerThroughApi(request, "e2e_keyowner");
  const keyName = `Nightly sync ${Date.now().toString(36)}`;
  const { secret } = await createApiKey(request, await apiHeaders(request, owner.username, owner.password), keyName);
  expect((await validateWith(secret)).status).toBe(200);

  // From the dashboard's tab, which opens the screen in a window of its own.
  await logIn(page, seeded.admin.username, seeded.admin.password);
  await page.goto("/admin?tab=api-management");
  const endpoints = page.getByRole("list", { name: "Integration endpoints" });
  await expect(endpoints).toContainText("POST /api/integrations/validate-bulk");
  await expect(endpoints).toContainText("GET /api/integrations/job-status");
  const opening = context.waitForEvent("page");
  await page.getByRole("link", { name: /Open API management/ }).click();
  const screen = await opening;
  await expect(screen.getByRole("heading", { name: "API management", level: 1 })).toBeVisible();

  await screen.getByRole("searchbox", { name: "Search keys" }).fill(owner.email);
  const row = screen.getByRole("table", { name: "API keys" }).getByRole("row").filter({ hasText: keyName });
  await expect(row).toContainText(owner.email);
  await expect(row).toContainText(`${secret.slice(0, API_KEY_SHOWN_PREFIX_LENGTH)}…`);
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: `Revoke ${keyName}` }).click();
  await confirmRevoke(screen, "Revoke key");
  await expect(row).toContainText("Revoked");

  const mail = await newestMailTo(owner.email);
  expect(mail.subject).toBe("Your MailScout API key was revoked");
  expect(mail.text).toContain(keyName);
  const refused = await validateWith(secret);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ message: API_KEY_REVOKED_MESSAGE });
});
