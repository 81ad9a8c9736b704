import { expect, type Page } from "@playwright/test";

/** The dev seed's accounts (seed.sql, created only on devstack). */
export const seeded = {
  admin: { username: "admin", email: "admin@example.com", password: "mailscout-admin-2026" },
  demo: { username: "demo", email: "demo@example.com", password: "mailscout-demo-2026" },
} as const;

export function accountMenu(page: Page, username: string) {
  return page.getByRole("banner").getByRole("button", { name: `Account menu for ${username}` });
}

/** Signs in on the /login page the way a person does, and waits to be taken home. */
export async function logIn(page: Page, identifier: string, password: string): Promise<void> {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Username or email").fill(identifier);
  await form.getByLabel("Password").fill(password);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(notifications(page).getByText("Welcome back!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL("/");
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
