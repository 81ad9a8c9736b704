import { expect, test } from "@playwright/test";
import { accountMenu, logIn, logOut, notifications, registerNewAccount, seeded } from "./accounts";

test("a new user registers, then signs in by username and by email", async ({ page }) => {
  const account = await registerNewAccount(page);
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeTruthy();

  await logOut(page, account.username);
  expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();

  await logIn(page, account.username, account.password);
  await expect(accountMenu(page, account.username)).toBeVisible();
  await logOut(page, account.username);

  await logIn(page, account.email, account.password);
  await expect(accountMenu(page, account.username)).toBeVisible();

  // The session outlives a reload: supabase-js restores it and the header asks the API who is signed in.
  await page.reload();
  await expect(accountMenu(page, account.username)).toBeVisible();
});

test("a wrong password is refused with a toast", async ({ page }) => {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Username or email").fill(seeded.demo.username);
  await form.getByLabel("Password").fill("not-the-password");
  await form.getByRole("button", { name: "Login" }).click();

  const toasts = notifications(page);
  await expect(toasts.getByText("Login failed", { exact: true })).toBeVisible();
  await expect(toasts.getByText("Invalid credentials", { exact: true })).toBeVisible();
  await expect(page).toHaveURL("/login");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
});

test("an administrator's account menu has Admin Dashboard", async ({ page }) => {
  await logIn(page, seeded.admin.username, seeded.admin.password);
  await accountMenu(page, seeded.admin.username).click();

  await expect(page.getByRole("menuitem", { name: "My Account" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Admin Dashboard" })).toBeVisible();
});

test("a plain user's account menu has no Admin Dashboard", async ({ page }) => {
  await logIn(page, seeded.demo.username, seeded.demo.password);
  await accountMenu(page, seeded.demo.username).click();

  await expect(page.getByRole("menuitem", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Admin Dashboard" })).toHaveCount(0);
});
