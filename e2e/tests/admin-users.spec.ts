// The admin's users tab from end to end: an admin finds a new user, grants them credits and sees the balance change,
// throttles them so that their very next request in their own browser is refused with 429, and exports the users CSV.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { type Account, logIn, notifications, registerNewAccount, seeded } from "./accounts";
import { resultCard, validate } from "./validation";

/**
 * A toast raised while the drawer is open. The drawer hides the page behind it, the notifications region included, from
 * assistive technology (a screen reader hears the toast through Radix's own announcer instead), so it is found by text.
 */
function drawerToast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).first();
}

/** Signs the seed's admin in, opens the users tab and the drawer of `account`, found by searching their email. */
async function openUserDrawer(page: Page, account: Account) {
  await logIn(page, seeded.admin.username, seeded.admin.password);
  await page.goto("/admin?tab=users");
  await page.getByLabel("Search users").fill(account.email);
  const table = page.getByRole("table", { name: "Users" });
  await table.getByRole("button", { name: account.email, exact: true }).click();
  const drawer = page.getByRole("dialog", { name: account.email });
  await expect(drawer.getByRole("region", { name: "Balances" })).toBeVisible();
  return { table, drawer };
}

test("an admin grants credits to a user and sees their balance change", async ({ browser }) => {
  const userPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  const account = await registerNewAccount(userPage);
  const { table, drawer } = await openUserDrawer(adminPage, account);
  const balances = drawer.getByRole("region", { name: "Balances" });
  await expect(balances).toContainText(/Granted credits\s*0(?!\d)/);

  await drawer.getByRole("button", { name: "Grant credits" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Grant credits" });
  await dialog.getByLabel("Amount").fill("250");
  await dialog.getByLabel("Grant type").selectOption({ label: "Compensation" });
  await dialog.getByLabel("Reason").fill("e2e: outage on Monday");
  await dialog.getByRole("button", { name: "Grant credits" }).click();

  await expect(drawerToast(adminPage, `250 credits granted to ${account.email}`)).toBeVisible();
  await expect(balances).toContainText(/Granted credits\s*250(?!\d)/);
  await expect(drawer.getByRole("region", { name: "Grants" })).toContainText("e2e: outage on Monday");
  // Escape would first dismiss the toast (the newest layer), so the drawer is closed by its button.
  await drawer.getByRole("button", { name: "Close" }).click();
  await expect(table.getByRole("row").filter({ hasText: account.email })).toContainText("250 / 0");

  // The grant is in the credits tab's list and the audit log too.
  await adminPage.getByRole("tab", { name: "Credits" }).click();
  await expect(adminPage.getByRole("table", { name: "Credit grants" }).getByRole("row").filter({ hasText: account.email }).first()).toContainText(
    "e2e: outage on Monday",
  );
});

test("a throttled user's next request in their own browser is refused with 429", async ({ browser }) => {
  const userPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  const account = await registerNewAccount(userPage);
  const { drawer } = await openUserDrawer(adminPage, account);

  await drawer.getByRole("button", { name: "Throttle" }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Throttle" });
  await expect(dialog.getByLabel("Max requests per minute")).toHaveValue("10");
  await dialog.getByRole("switch", { name: "Throttle enabled" }).click();
  // Level 0: none of the limit's requests get through.
  await dialog.getByLabel("Throttle level (%)").fill("0");
  await dialog.getByRole("button", { name: "Save throttle" }).click();
  await expect(drawerToast(adminPage, `${account.email} may make 0 requests per minute (0% of 10)`)).toBeVisible();
  await expect(drawer.getByRole("region", { name: "Limits" })).toContainText("0 requests per minute (0% of 10)");

  // The user, signed in all along in another browser, is refused on the very next request.
  const answer = userPage.waitForResponse((response) => response.url().endsWith("/api/validate-email"));
  await validate(userPage, "someone@mailscout-demo.test");
  expect((await answer).status()).toBe(429);
  await expect(resultCard(userPage).getByText(/^Requests from your account are paused\./)).toBeVisible();

  // Lifting the throttle lets the next request through again.
  await drawer.getByRole("button", { name: "Throttle" }).click();
  await dialog.getByRole("switch", { name: "Throttle enabled" }).click();
  await dialog.getByRole("button", { name: "Save throttle" }).click();
  await expect(drawerToast(adminPage, `${account.email} is no longer throttled`)).toBeVisible();
  const again = userPage.waitForResponse((response) => response.url().endsWith("/api/validate-email"));
  await validate(userPage, "someone@mailscout-demo.test");
  expect((await again).status()).toBe(200);
});

test("an admin exports the users CSV", async ({ page }) => {
  await logIn(page, seeded.admin.username, seeded.admin.password);
  await page.goto("/admin?tab=users");
  await expect(page.getByRole("table", { name: "Users" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export users CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
  expect(header?.split(",")).toEqual([
    "id", "username", "email", "firstName", "lastName", "isAdmin", "plan", "validationCount", "contactCount",
    "freeValidationsUsed", "grantedCredits", "paidCredits", "throttleEnabled", "suspendedUntil", "createdAt", "lastActiveAt",
  ]);
  expect(rows.some((row) => row.includes(seeded.admin.email))).toBe(true);
  await expect(notifications(page).getByText("The users CSV was downloaded")).toBeVisible();
});
