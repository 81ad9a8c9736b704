import { expect, test } from "@playwright/test";
import { accountMenu, logIn, logOut, notifications, registerNewAccount, seeded } from "./accounts";
import { failSignIns, forgetSignInFailures } from "./database";

// Every browser here signs in from 127.0.0.1: start each test with no failed sign-ins counted against anyone.
test.beforeEach(async () => {
  await forgetSignInFailures();
});

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

test("a locked-out sign-in shows how long to wait, even with the right password", async ({ page }) => {
  const account = await registerNewAccount(page);
  await logOut(page, account.username);
  await failSignIns(account.username, 5);

  await page.goto("/login");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Username or email").fill(account.username);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Login" }).click();

  const wait = "Too many failed sign-ins with this username or email address. Please try again in 15 minutes.";
  const toasts = notifications(page);
  await expect(toasts.getByText("Login failed", { exact: true })).toBeVisible();
  await expect(toasts.getByText(wait)).toBeVisible();
  // The wait stays on the form after the toast has gone.
  await expect(form.getByRole("alert")).toHaveText(wait);
  await expect(page).toHaveURL("/login");
});

test("registration refuses a common password in the form", async ({ page }) => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Register" });
  await expect(form.getByLabel("Password")).toHaveAccessibleDescription(/not a common or easily guessed password/);
  await form.getByLabel("Username").fill(`e2e_${suffix}`);
  await form.getByLabel("Email").fill(`e2e_${suffix}@example.com`);
  await form.getByLabel("Password").fill("password");
  await form.getByRole("button", { name: "Create account" }).click();

  await expect(form.getByLabel("Password")).toHaveAccessibleDescription(
    "Password is too common or easy to guess: add words or characters that aren't a pattern",
  );
  await expect(page).toHaveURL("/register");
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
});

test("registration refuses a username with \"@\" in the form", async ({ page }) => {
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("Username").fill(seeded.demo.email);
  await form.getByLabel("Email").fill("someone-new@example.com");
  await form.getByLabel("Password").fill("correct-horse-battery");
  await form.getByRole("button", { name: "Create account" }).click();

  await expect(form.getByLabel("Username")).toHaveAccessibleDescription(
    'Username can\'t contain "@"; sign in with your email address instead',
  );
  await expect(page).toHaveURL("/register");
});
