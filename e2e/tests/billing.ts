// The purchase journeys' shared steps: an admin opening a payment provider in the payments tab, reading the header's
// balance, and the devstack payment fakes' controls (STRIPE_API_BASE and PAYPAL_API_BASE; npm test sets them).
import { expect, type Browser, type Page } from "@playwright/test";
import { paymentFakes } from "../../devstack/src/payments/testing.ts";
import { logIn, notifications, seeded } from "./accounts";

export const fakes = paymentFakes({ stripe: process.env.STRIPE_API_BASE, paypal: process.env.PAYPAL_API_BASE });

/** The seed's admin, signed in in a browser context of their own. */
export async function adminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, seeded.admin.username, seeded.admin.password);
  return page;
}

/** Saves a provider's fields (by label) in the payments tab, switched on. */
export async function configureProvider(page: Page, provider: string, fields: Record<string, string>): Promise<void> {
  await page.goto("/admin?tab=payments");
  const card = page.getByRole("region", { name: provider });
  for (const [label, value] of Object.entries(fields)) await card.getByLabel(label, { exact: true }).fill(value);
  // Switched on whatever the form started with (a provider saved before keeps its last choice).
  const offered = card.getByRole("switch", { name: `Offer ${provider} at checkout` });
  if ((await offered.getAttribute("aria-checked")) !== "true") await offered.click();
  await card.getByRole("button", { name: `Save ${provider}` }).click();
  await expect(notifications(page).getByText("Configuration Saved", { exact: true })).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
}

/** Stripe with test keys and the fake's webhook signing secret, so its webhooks are accepted. */
export async function configureStripe(page: Page): Promise<void> {
  const { secret } = await fakes.stripe.webhookEndpoint();
  await configureProvider(page, "Stripe", {
    "Publishable key": "pk_test_e2ebilling1234",
    "Secret key": `sk_test_e2e${Date.now().toString(36)}billing`,
    "Webhook signing secret": secret,
  });
}

/** The validations the header says are left, once it shows them. */
export async function headerBalance(page: Page): Promise<number> {
  const balance = page.getByRole("banner").getByRole("link", { name: /validations? left/ });
  await expect(balance).toBeVisible();
  return Number((await balance.innerText()).replace(/[^\d]/g, ""));
}

/** Pays on the fake Stripe's hosted checkout page with a test card, as a buyer types it. */
export async function payByCard(page: Page, card = "4242 4242 4242 4242"): Promise<void> {
  await expect(page).toHaveURL(/\/c\/pay\//);
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiration date").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: "Pay" }).click();
}
