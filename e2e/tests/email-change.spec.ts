import { expect, test } from "@playwright/test";
import { accountMenu, notifications, registerNewAccount } from "./accounts";
import { firstLink, newestMailTo } from "./mail";

test("changing the email waits for the links mailed to the new and the old address, then shows the new one", async ({
  page,
}) => {
  const account = await registerNewAccount(page);
  const newEmail = `moved_${account.username}@example.com`;

  await accountMenu(page, account.username).click();
  await page.getByRole("menuitem", { name: "My Account" }).click();
  const dialog = page.getByRole("dialog", { name: "My Account" });
  const form = dialog.getByRole("form", { name: "Change email" });
  await form.getByLabel("New email").fill(newEmail);
  await form.getByRole("button", { name: "Change email" }).click();

  // It says where to look, and does not claim the change happened.
  await expect(dialog.getByRole("status")).toContainText(`Check ${newEmail} to confirm the change.`);
  await expect(dialog.getByRole("definition").filter({ hasText: account.email })).toBeVisible();
  await page.keyboard.press("Escape");

  const toNew = await newestMailTo(newEmail);
  const toOld = await newestMailTo(account.email);
  expect(toNew.subject).toBe("Confirm your new email address");

  // The first link is accepted and asks for the other; the email is still the old one.
  await page.goto(firstLink(toNew.text));
  await expect(notifications(page).getByText("Link confirmed", { exact: true })).toBeVisible();
  await expect(page).toHaveURL("/");

  // The second applies it; the token Auth put in the fragment does not stay in the address bar.
  await page.goto(firstLink(toOld.text));
  await expect(notifications(page).getByText("Email changed", { exact: true })).toBeVisible();
  expect(new URL(page.url()).hash).toBe("");

  await accountMenu(page, account.username).click();
  await page.getByRole("menuitem", { name: "My Account" }).click();
  await expect(
    page.getByRole("dialog", { name: "My Account" }).getByRole("definition").filter({ hasText: newEmail }),
  ).toBeVisible();
});

test("a spent link lands on the site with a clear message", async ({ page }) => {
  const account = await registerNewAccount(page);
  const newEmail = `spent_${account.username}@example.com`;
  await accountMenu(page, account.username).click();
  await page.getByRole("menuitem", { name: "My Account" }).click();
  const form = page.getByRole("dialog", { name: "My Account" }).getByRole("form", { name: "Change email" });
  await form.getByLabel("New email").fill(newEmail);
  await form.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByRole("dialog", { name: "My Account" }).getByRole("status")).toBeVisible();

  const link = firstLink((await newestMailTo(newEmail)).text);
  await page.goto(link);
  await expect(notifications(page).getByText("Link confirmed", { exact: true })).toBeVisible();
  await page.goto(link);
  await expect(notifications(page).getByText("That link didn't work", { exact: true })).toBeVisible();
  await expect(notifications(page).getByText("Email link is invalid or has expired")).toBeVisible();
});
