// The admin dashboard as the seed's admin works it: the overview's figures for a timeframe kept in the address, the
// costs behind the profit margin, the payments and a financial report downloaded as CSV, the support tab's way into the
// queue, the database export (and its once-a-minute limit), a payment provider whose secret never comes back, and the
// platform analytics page, which a user who is not an admin can't open.
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { logIn, notifications, seeded } from "./accounts";

async function openTab(page: Page, name: string) {
  await page.getByRole("tablist", { name: "Admin areas" }).getByRole("tab", { name }).click();
  await expect(page.getByRole("tab", { name })).toHaveAttribute("aria-selected", "true");
}

test.beforeEach(async ({ page }) => {
  await logIn(page, seeded.admin.username, seeded.admin.password);
});

test("the overview shows the figures of the timeframe in the address, with charts that read as tables", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin dashboard" })).toBeVisible();
  await expect(page.getByText("Administrator", { exact: true })).toBeVisible();
  const figures = page.getByRole("region", { name: "Platform figures" });
  await expect(figures.getByRole("article", { name: "Total users" })).toBeVisible();

  await figures.getByLabel("Timeframe").selectOption({ label: "Last 30 days" });
  await expect(page).toHaveURL("/admin?timeframe=last30days");
  await page.reload();
  await expect(page.getByRole("region", { name: "Platform figures" }).getByLabel("Timeframe")).toHaveValue("last30days");

  const validations = page.getByRole("figure", { name: "Validations per day" });
  await validations.getByRole("button", { name: "Show as table" }).click();
  await expect(validations.getByRole("table", { name: "Validations per day" })).toBeVisible();
});

test("the profit margin waits for the monthly costs, which the admin sets", async ({ page }) => {
  await page.goto("/admin");
  const margin = page.getByRole("article", { name: "Profit margin" });
  await expect(margin).toBeVisible();
  if (await margin.getByRole("button", { name: "Change costs" }).isVisible()) {
    await margin.getByRole("button", { name: "Change costs" }).click();
  } else {
    await expect(margin.getByText("Set your costs")).toBeVisible();
  }
  await margin.getByLabel("Monthly cost (USD)").fill("1200.50");
  await margin.getByRole("button", { name: "Save costs" }).click();
  await expect(notifications(page).getByText("Costs saved", { exact: true })).toBeVisible();
  await expect(margin.getByText("Costs $1,200.50 a month.")).toBeVisible();
  await expect(margin.getByText("Set your costs")).toHaveCount(0);
});

test("finances lists the payments and downloads a financial report as CSV", async ({ page }) => {
  await page.goto("/admin?tab=finances");
  await expect(
    page.getByRole("table", { name: "Recent payments" }).or(page.getByText("No payment records found")),
  ).toBeVisible();

  const form = page.getByRole("form", { name: "Generate a report" });
  await form.getByLabel("Report type").selectOption({ label: "Monthly (by day)" });
  await form.getByLabel("Start date").fill("2026-11-01");
  await form.getByLabel("End date").fill("2026-11-30");
  await form.getByRole("button", { name: "Generate report" }).click();
  const report = page.getByRole("article", { name: "Report" });
  await expect(report.getByRole("table", { name: "Report by period" }).getByRole("rowheader", { name: "Total" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await report.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("financial-report-monthly-2026-11-01-to-2026-11-30.csv");
  const lines = (await readFile(await download.path(), "utf8")).replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("Period,Revenue (USD),Payments,New users,Validations,Credits granted");
  expect(lines.some((line) => line.startsWith("Total,"))).toBe(true);
  expect(lines).toContain("Payment method,Revenue (USD),Payments");
});

test("the support tab leads into the agents' queue", async ({ page }) => {
  await page.goto("/admin?tab=support");
  const tickets = page.getByRole("table", { name: "Open support tickets" });
  await expect(tickets.or(page.getByText("No support tickets found"))).toBeVisible();
  await page.getByRole("link", { name: "Open the support queue" }).click();
  await expect(page).toHaveURL("/admin/support");
  await expect(page.getByRole("heading", { name: "Support queue" })).toBeVisible();
});

test("the database export saves a JSON file that starts with its manifest, at most once a minute", async ({ page }) => {
  await page.goto("/admin");
  await openTab(page, "Database");
  const button = page.getByRole("button", { name: "Export database (JSON)" });

  const downloading = page.waitForEvent("download");
  await button.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mailscout-database-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await download.path(), "utf8")) as { manifest: { tables: { name: string }[] } };
  expect(Object.keys(exported)[0]).toBe("manifest");
  expect(exported.manifest.tables.map((table) => table.name)).toContain("profiles");
  await expect(notifications(page).getByText("Database exported", { exact: true })).toBeVisible();

  await button.click();
  await expect(notifications(page).getByText("Export Failed", { exact: true })).toBeVisible();
  await expect(notifications(page).getByText("Failed to export database. Please try again.")).toHaveCount(0);
});

test("Stripe's keys are saved and only their masked ends come back, after a reload too", async ({ page }) => {
  const secretKey = `sk_test_${Date.now().toString(36)}SECRETe2e`;
  await page.goto("/admin?tab=payments");
  const stripe = page.getByRole("region", { name: "Stripe" });
  await stripe.getByLabel("Publishable key").fill("pk_test_e2epublishable1234");
  await stripe.getByLabel("Secret key").fill(secretKey);
  await stripe.getByRole("button", { name: "Save Stripe" }).click();
  await expect(notifications(page).getByText("Configuration Saved", { exact: true })).toBeVisible();
  await expect(stripe.getByLabel("Secret key")).toHaveValue("");

  await page.reload();
  const reloaded = page.getByRole("region", { name: "Stripe" });
  await expect(reloaded.getByText(`••••${secretKey.slice(-4)}`)).toBeVisible();
  await expect(reloaded.getByText("••••1234")).toBeVisible();
  expect(await page.content()).not.toContain(secretKey);
});

test("/temp-admin shows an admin the platform analytics, and someone else the 403 screen", async ({ page, browser }) => {
  await page.goto("/temp-admin?timeframe=90days");
  await expect(page.getByRole("heading", { name: "Platform analytics" })).toBeVisible();
  await expect(page.getByRole("article", { name: "Active users" })).toBeVisible();
  await expect(page.getByLabel("Timeframe")).toHaveValue("90days");

  const userPage = await (await browser.newContext()).newPage();
  await logIn(userPage, seeded.demo.username, seeded.demo.password);
  await userPage.goto("/temp-admin");
  await expect(userPage.getByRole("heading", { name: "Admins only" })).toBeVisible();
});

test("every tab opens on its own screen, from the keyboard too", async ({ page }) => {
  await page.goto("/admin");
  const screens: [string, () => ReturnType<Page["getByRole"]>][] = [
    ["Overview", () => page.getByRole("heading", { name: "Platform figures" })],
    ["Users", () => page.getByRole("table", { name: "Users" })],
    ["Finances", () => page.getByRole("heading", { name: "Financial report" })],
    ["Credits", () => page.getByRole("heading", { name: "Credit grants" })],
    ["Security", () => page.getByRole("heading", { name: "Audit log" })],
    ["Support", () => page.getByRole("heading", { name: "Open tickets" })],
    ["Database", () => page.getByRole("button", { name: "Export database (JSON)" })],
    ["Payments", () => page.getByRole("region", { name: "Stripe" })],
    ["Domains", () => page.getByRole("list", { name: "Domains per DNS verdict" })],
  ];
  for (const [name, screen] of screens) {
    await openTab(page, name);
    await expect(screen()).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Activity log" })).toHaveCount(0);

  // Arrow keys move along the tabs; Enter opens the one reached.
  await page.getByRole("tab", { name: "Domains" }).focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Stripe" })).toBeVisible();
  await expect(page).toHaveURL(/tab=payments/);
});
