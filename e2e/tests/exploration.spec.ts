// Domain exploration against the fixture websites (the test stack's egress goes through the fixture proxy): a valid
// address's domain is explored on its own, and any domain from the scraper form.
import { expect, type Page, test } from "@playwright/test";
import { resetAnonymousAllowance } from "./database";
import { validateAndWait } from "./validation";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test.beforeEach(async () => {
  await resetAnonymousAllowance();
});

function explorationPanel(page: Page) {
  return page.getByRole("region", { name: "Domain Exploration" });
}

function emailCards(page: Page) {
  return explorationPanel(page).getByRole("list", { name: "Discovered email addresses" }).getByRole("article");
}

async function scrapeWithForm(page: Page, domain: string): Promise<void> {
  await page.getByLabel("Domain to explore").fill(domain);
  await page.getByRole("button", { name: "Scrape Domain" }).click();
}

test("validating an address explores its domain: staff with their titles, found by name, and company facts", async ({ page }) => {
  await page.goto("/");
  await validateAndWait(page, "someone@acme-corp.test", "VALID EMAIL");

  const panel = explorationPanel(page);
  await expect(panel.getByText("DOMAIN SCRAPED", { exact: true })).toBeVisible();
  await expect(panel.getByRole("status")).toHaveText("Complete");
  const countText = (await panel.getByText(/^\d+ email\(s\) found$/).textContent()) ?? "";
  const found = Number.parseInt(countText, 10);
  expect(found).toBeGreaterThan(6);
  await expect(panel.getByRole("tab", { name: "Emails" })).toHaveAttribute("aria-selected", "true");
  await expect(panel.getByText(`${found} of ${found} found`)).toBeVisible();

  // The first three, then everything.
  await expect(emailCards(page)).toHaveCount(3);
  await panel.getByRole("button", { name: `Show more (${found - 3})` }).click();
  await expect(emailCards(page)).toHaveCount(found);
  const staff: Array<[email: string, name: string, position: string]> = [
    ["marcus.brown@acme-corp.test", "Marcus Brown", "Chief Financial Officer"],
    ["priya.patel@acme-corp.test", "Priya Patel", "VP of Sales"],
    ["michael.chen@acme-corp.test", "Michael Chen", "Chief Technology Officer"],
    ["laura.schmidt@acme-corp.test", "Laura Schmidt", "Managing Director, Acme Corp GmbH (Berlin)"],
  ];
  for (const [email, name, position] of staff) {
    const card = panel.getByRole("article", { name: email });
    await expect(card.getByText(name, { exact: true })).toBeVisible();
    await expect(card.getByText(position, { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: "acme-corp.test/about/team/" })).toBeVisible();
  }
  await panel.getByRole("button", { name: "Show less" }).click();
  await expect(emailCards(page)).toHaveCount(3);

  // The name search: first and last name, then initials.
  const search = panel.getByRole("searchbox", { name: "Search by name" });
  await search.fill("Priya Patel");
  await expect(panel.getByText(`1 of ${found} found`)).toBeVisible();
  await expect(emailCards(page)).toHaveCount(1);
  await expect(emailCards(page).first()).toHaveAttribute("aria-label", "priya.patel@acme-corp.test");
  await search.fill("M C");
  await expect(emailCards(page)).toHaveCount(1);
  await expect(emailCards(page).first()).toHaveAttribute("aria-label", "michael.chen@acme-corp.test");
  await search.fill("Robert J");
  await expect(emailCards(page).first()).toHaveAttribute("aria-label", "robert.johnson@acme-corp.test");
  await search.fill("Nobody Here");
  await expect(panel.getByText('No emails match "Nobody Here". Try different search terms.')).toBeVisible();

  // Copying an address.
  await search.fill("priya patel");
  await panel.getByRole("button", { name: "Copy priya.patel@acme-corp.test" }).click();
  await expect(panel.getByRole("button", { name: "Copied priya.patel@acme-corp.test" })).toBeVisible();
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText("Copied to clipboard")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("priya.patel@acme-corp.test");

  // The company behind the domain.
  await panel.getByRole("tab", { name: "Domain Info" }).click();
  const info = panel.getByRole("tabpanel", { name: "Domain Info" });
  await expect(info.getByRole("heading", { name: "Domain Information" })).toBeVisible();
  await expect(info.getByText("{first}.{last}@acme-corp.test")).toBeVisible();
  await expect(info.getByText(/IoT sensors/)).toBeVisible();
  await expect(info.getByRole("heading", { name: "Website Analysis" })).toBeVisible();
  await expect(info.getByRole("list", { name: "Technologies" }).getByText("WordPress", { exact: true })).toBeVisible();
  await expect(info.getByRole("heading", { name: "Contact Information" })).toBeVisible();
  await expect(info.locator("address")).toHaveText(/500 Market Street, Suite 1200\s+San Francisco, CA 94105/);
  await expect(info.getByRole("link", { name: /LinkedIn/ })).toHaveAttribute(
    "href",
    "https://www.linkedin.com/company/acme-corp-test",
  );
});

test("the scraper form explores a parked domain and says it is parked", async ({ page }) => {
  await page.goto("/");

  await scrapeWithForm(page, "https://www.Parked-Domain.test/");

  const toast = page.getByRole("region", { name: /Notifications/ });
  await expect(toast.getByText("Domain Scraped Successfully", { exact: true })).toBeVisible();
  await expect(toast.getByText("Found 0 email addresses from parked-domain.test", { exact: true })).toBeVisible();
  const panel = explorationPanel(page);
  await expect(panel.getByText("No emails found", { exact: true })).toBeVisible();
  const notice = panel.getByRole("note", { name: "Website status" });
  await expect(notice.getByText("Parked Domain", { exact: true })).toBeVisible();
  await expect(notice.getByText(/for sale/)).toBeVisible();
  await expect(panel.getByRole("tab", { name: "Domain Info" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Scrape Domain" })).toBeEnabled();
});

test("a site drawn by scripts comes with the limitations warning and the manual exploration tips", async ({ page }) => {
  await page.goto("/");

  await scrapeWithForm(page, "js-shell.test");

  const panel = explorationPanel(page);
  await expect(panel.getByText("No emails found", { exact: true })).toBeVisible();
  await panel.getByRole("tab", { name: "Emails" }).click();
  await expect(panel.getByText("No email addresses found on this domain.")).toBeVisible();
  const warning = panel.getByRole("region", { name: "Potential Scraping Limitations Detected" });
  await expect(warning.getByRole("list", { name: "Recommendations" })).toContainText("JavaScript");
  await warning.getByRole("button", { name: "Manual Exploration Tips" }).click();
  await expect(warning.getByText(/Impressum/)).toBeVisible();
  await expect(warning.getByRole("link", { name: "Open Website in New Tab" })).toHaveAttribute("href", "https://js-shell.test/");
});
