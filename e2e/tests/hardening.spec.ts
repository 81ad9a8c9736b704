// What the browser enforces and shows for the request hardening: the app runs under its Content-Security-Policy
// without a single violation, and an import too large for the server ends in the server's 413 message.
import { expect, test } from "@playwright/test";
import { registerNewAccount } from "./accounts";
import { collectViolations } from "./csp";

test("the app loads and runs its screens under its Content-Security-Policy with no violation", async ({ page }) => {
  const violations = collectViolations(page);
  const response = await page.goto("/");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  // The theme bootstrap (a file now) still runs before the app: a stored dark theme applies on load.
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  // Signed in, a dialog open (Radix injects its scroll-lock style), the Realtime-free screens used.
  await registerNewAccount(page);
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Upload File" }).click();
  await expect(page.getByRole("dialog", { name: "Import Contacts" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.goto("/pricing");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test("an import whose batch is over the server's 10 MB limit shows the 413 message", async ({ page }) => {
  await registerNewAccount(page);
  await page.goto("/contacts");
  await page.getByRole("button", { name: "Upload File" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Contacts" });
  // Under the 50 MB the browser reads, but its one batch of rows is 11 MB of JSON.
  const notes = "n".repeat(11 * 1024 * 1024);
  await dialog.getByLabel("CSV file").setInputFiles({
    name: "huge.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`email,notes\nann@example.com,${notes}\n`),
  });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "Request body too large: at most 10 MB. Split the file into smaller files, or shorten its longest cells.",
  );
});
