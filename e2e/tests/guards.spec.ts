// The route guards as a person meets them: an admin page asks a signed-out visitor to sign in and brings them back
// to it; it shows a signed-in person who is not an admin a 403 screen, and an admin the page.
import { expect, test } from "@playwright/test";
import { seeded, submitLogin } from "./accounts";

test("a signed-out visitor of /admin signs in and comes back to it: 403 unless an admin", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL("/auth?redirect=%2Fadmin");

  await submitLogin(page, seeded.demo.username, seeded.demo.password);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Admins only" })).toBeVisible();
});

test("an admin signing in on the way to /admin gets the admin page", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL("/auth?redirect=%2Fadmin");

  await submitLogin(page, seeded.admin.username, seeded.admin.password);
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { name: "Admin dashboard" })).toBeVisible();
});
