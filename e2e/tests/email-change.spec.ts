import { expect, type Page, test } from "@playwright/test";
import { accountMenu, notifications, registerNewAccount } from "./accounts";
import { firstLink, newestMailTo } from "./mail";

/** My Account's profile, opened from the account menu as a person does; its sign-in section holds the email. */
async function openSignInDetails(page: Page, username: string) {
  await accountMenu(page, username).click();
  await page.getByRole("menuitem", { name: "My Account" }).click();
  await expect(page).toHaveURL("/account/profile");
  return page.getByRole("region", { name: "Email and password" });
}

test("changing the email waits for the links mailed to the new and the old address, then shows the new one", async ({
  page,
}) => {
  const account = await registerNewAccount(page);
  const newEmail = `moved_${account.username}@example.com`;

  const details = await openSignInDetails(page, account.username);
  const form = details.getByRole("form", { name: "Change email" });
  await form.getByLabel("New email").fill(newEmail);
  await form.getByRole("button", { name: "Change email" }).click();

  // It says where to look, and does not claim the change happened.
  await expect(details.getByRole("status")).toContainText(`Check ${newEmail} to confirm the change.`);
  await expect(details.getByText(`You sign in as ${account.email}.`)).toBeVisible();

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

  await expect((await openSignInDetails(page, account.username)).getByText(`You sign in as ${newEmail}.`)).toBeVisible();
});

test("a spent link lands on the site with a clear message", async ({ page }) => {
  const account = await registerNewAccount(page);
  const newEmail = `spent_${account.username}@example.com`;
  const details = await openSignInDetails(page, account.username);
  const form = details.getByRole("form", { name: "Change email" });
  await form.getByLabel("New email").fill(newEmail);
  await form.getByRole("button", { name: "Change email" }).click();
  await expect(details.getByRole("status")).toBeVisible();

  const link = firstLink((await newestMailTo(newEmail)).text);
  await page.goto(link);
  await expect(notifications(page).getByText("Link confirmed", { exact: true })).toBeVisible();
  await page.goto(link);
  await expect(notifications(page).getByText("That link didn't work", { exact: true })).toBeVisible();
  await expect(notifications(page).getByText("Email link is invalid or has expired")).toBeVisible();
});
