import { type APIRequestContext, expect, type Page } from "@playwright/test";

/** The dev seed's accounts (seed.sql, created only on devstack). */
export const seeded = {
  admin: { username: "admin", email: "admin@example.com", password: "mailscout-admin-2026" },
  demo: { username: "demo", email: "demo@example.com", password: "mailscout-demo-2026" },
} as const;

export function accountMenu(page: Page, username: string) {
  return page.getByRole("banner").getByRole("button", { name: `Account menu for ${username}` });
}

export type Account = { username: string; email: string; password: string };

/**
 * Registers a brand-new account on /register the way a person does; the app signs it in, goes home and welcomes the
 * new account, and the welcome is closed. The page is loaded afresh unless `open` gets there another way (a link: the
 * app, and what it keeps in memory, stay).
 */
export async function registerNewAccount(
  page: Page,
  open: () => Promise<unknown> = () => page.goto("/register"),
): Promise<Account> {
  const account = await submitRegistration(page, open);
  const welcome = welcomeDialog(page);
  await welcome.getByRole("button", { name: "Get Started" }).click();
  await expect(welcome).toHaveCount(0);
  await expect(accountMenu(page, account.username)).toBeVisible();
  return account;
}

/** Fills in and sends the Register form, and waits to be signed in at home (where the welcome opens). */
export async function submitRegistration(
  page: Page,
  open: () => Promise<unknown> = () => page.goto("/register"),
): Promise<Account> {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const account = { username: `e2e_${suffix}`, email: `e2e_${suffix}@example.com`, password: "correct-horse-battery" };
  await open();
  const form = page.getByRole("form", { name: "Register" });
  await form.getByLabel("Username").fill(account.username);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Create account" }).click();
  // Not through the notifications region: the welcome opens as a modal at the same moment, and a modal hides the rest of
  // the page from the accessibility tree, so a role query would find the region or not depending on which came first.
  await expect(page.getByText("Account created!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL("/");
  return account;
}

/** The welcome a new account gets once, right after registering: the welcome popup's texts. */
export function welcomeDialog(page: Page) {
  return page.getByRole("dialog", { name: /^Welcome/ });
}

/** Signs in on the /login page the way a person does, and waits to be taken home. */
export async function logIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto("/login");
  await submitLogin(page, identifier, password);
  await expect(page).toHaveURL("/");
}

/** Fills in and sends the Login form on the screen now, and waits for the welcome. */
export async function submitLogin(page: Page, identifier: string, password: string): Promise<void> {
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Username or email").fill(identifier);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(notifications(page).getByText("Welcome back!", { exact: true })).toBeVisible();
}

export async function logOut(page: Page, username: string): Promise<void> {
  await accountMenu(page, username).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(notifications(page).getByText("Logged out", { exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toBeVisible();
}

/** Toasts live in Radix's notifications region (F8 jumps there from the keyboard). */
export function notifications(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

/** The seed's admin, signed in through the api: the headers their requests carry, as the admin screens send them. */
export function adminApiHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return apiHeaders(request, seeded.admin.username, seeded.admin.password);
}

/** Someone signed in through the api: the headers their requests carry, as the SPA sends them. */
export async function apiHeaders(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<Record<string, string>> {
  const response = await request.post("/api/login", { data: { username, password } });
  expect(response.status(), await response.text()).toBe(200);
  const { session } = (await response.json()) as { session: { accessToken: string } };
  return { Authorization: `Bearer ${session.accessToken}` };
}

/** A new account through /api/register (for journeys that start with data rather than with signing up). */
export async function registerThroughApi(request: APIRequestContext, prefix = "e2e"): Promise<Account> {
  const username = `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const account = { username, email: `${username}@example.com`, password: "correct-horse-battery" };
  const registered = await request.post("/api/register", { data: account });
  expect(registered.status(), await registered.text()).toBe(201);
  return account;
}
