// API keys from end to end: a person makes a key on their account page, copies the secret it shows once, calls the
// public API with it from a script (Node's fetch, not the browser) and gets a verdict; once they revoke it, the same
// call is refused with 401 "API key revoked". And an admin revokes another user's key from /admin/api-management,
// which the same refusal then follows.
import { expect, type Page, test } from "@playwright/test";
import { API_KEY_PREFIX, API_KEY_LENGTH, API_KEY_SHOWN_PREFIX_LENGTH } from "../../edge-functions/_shared/api-keys/contract.ts";
import { API_KEY_REVOKED_MESSAGE } from "../../edge-functions/_shared/integrations/contract.ts";
import { apiHeaders, logIn, notifications, registerThroughApi, seeded } from "./accounts";
import { callWithKey, createApiKey } from "./integrations";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

const VALIDATED = { email: "someone@mailscout-demo.test" };

/** What a script gets for one address with `key`: the status, and the verdict or the refusal's message. */
async function validateWith(key: string) {
  return await callWithKey(key, "validate-email", { body: VALIDATED });
}

/** Confirms the ConfirmDialog a revoke opens, and waits for the toast. */
async function confirmRevoke(page: Page) {
  const confirm = page.getByRole("alertdialog", { name: /Revoke/ });
  await confirm.getByRole("button", { name: /^Revoke/ }).click();
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
  await expect(page.getByRole("link", { name: "Read the API docs" })).toHaveAttribute("href", "/developers");

  await page.getByRole("button", { name: "Create key" }).first().click();
  const form = page.getByRole("dialog", { name: /Create/ });
  await form.getByLabel(/Name/).fill(keyName);
  await form.getByRole("button", { name: /^Create/ }).click();
  await expect(notifications(page).getByText("API key created", { exact: true })).toBeVisible();

  // Shown once, announced, and copied the way a person copies it.
  const shown = page.getByRole("dialog").filter({ hasText: "You won't see this key again" });
  await expect(shown.getByRole("status")).toContainText(API_KEY_PREFIX);
  await shown.getByRole("button", { name: /^Copy/ }).click();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toMatch(new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_LENGTH - API_KEY_PREFIX.length}}$`));
  await expect(shown).toContainText(secret);
  // Copied, so closing asks nothing more.
  await shown.getByRole("button", { name: /^(Done|Close)/ }).first().click();
  await expect(shown).toHaveCount(0);

  const keys = page.getByRole("table", { name: /API keys/ });
  const row = keys.getByRole("row").filter({ hasText: keyName });
  await expect(row).toContainText(secret.slice(0, API_KEY_SHOWN_PREFIX_LENGTH));
  await expect(row).toContainText("Active");
  await expect(row).not.toContainText(secret);

  const allowed = await validateWith(secret);
  expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  expect(allowed.body).toMatchObject({ email: VALIDATED.email, verdict: "deliverable", isValid: true });
  expect(allowed.headers.get("x-ratelimit-limit")).toBe("60");
  expect(allowed.headers.get("x-request-id")).toBeTruthy();

  await row.getByRole("button", { name: /Revoke/ }).click();
  await confirmRevoke(page);
  await expect(notifications(page).getByText("API key revoked", { exact: true })).toBeVisible();
  await expect(row).toContainText("Revoked");

  const refused = await validateWith(secret);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ message: API_KEY_REVOKED_MESSAGE });
  expect(refused.headers.get("www-authenticate")).toMatch(/^Bearer/);
});

test("an admin finds another user's key at /admin/api-management and revokes it", async ({ page, request }) => {
  const owner = await registerThroughApi(request, "e2e_keyowner");
  const keyName = `Nightly sync ${Date.now().toString(36)}`;
  const { secret } = await createApiKey(request, await apiHeaders(request, owner.username, owner.password), keyName);
  expect((await validateWith(secret)).status).toBe(200);

  await logIn(page, seeded.admin.username, seeded.admin.password);
  await page.goto("/admin/api-management");
  await page.getByRole("searchbox").fill(owner.email);
  const row = page.getByRole("row").filter({ hasText: keyName });
  await expect(row).toContainText(owner.email);
  await expect(row).toContainText(secret.slice(0, API_KEY_SHOWN_PREFIX_LENGTH));
  await expect(row).toContainText("Active");

  await row.getByRole("button", { name: /Revoke/ }).click();
  await confirmRevoke(page);
  await expect(row).toContainText("Revoked");

  const refused = await validateWith(secret);
  expect(refused.status).toBe(401);
  expect(refused.body).toMatchObject({ message: API_KEY_REVOKED_MESSAGE });
});
