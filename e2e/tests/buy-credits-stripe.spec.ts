// Buying 800 credits by card: an admin opens Stripe with the fake's keys and webhook secret, a new user pays on
// Stripe's hosted page and comes back to their billing screen, and the balance rises by exactly 800; Stripe delivering
// the same event again adds nothing.
import { expect, test } from "@playwright/test";
import { registerNewAccount } from "./accounts";
import { adminPage, configureStripe, fakes, headerBalance, payByCard } from "./billing";

test("800 credits bought by card raise the balance by 800, once, though the webhook comes twice", async ({ page, browser }) => {
  await configureStripe(await adminPage(browser));
  await registerNewAccount(page);
  const before = await headerBalance(page);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" }).click();
  const credits = page.getByRole("region", { name: "Pay as you go" });
  await credits.getByRole("listitem").filter({ hasText: "Minimum purchase" }).getByRole("button", { name: "Buy Credits" }).click();
  const checkout = page.getByRole("dialog", { name: "Buy 800 credits" });
  await expect(checkout.getByText("$12 once. Credits never expire.")).toBeVisible();
  await checkout.getByRole("button", { name: "Pay with card" }).click();

  await payByCard(page);
  await expect(page.getByText("Payment received")).toBeVisible();
  await expect(page.getByText("800 credits were added to your balance.")).toBeVisible();
  await expect(page).toHaveURL("/account/billing");
  await expect.poll(() => headerBalance(page)).toBe(before + 800);

  const [completed] = (await fakes.stripe.events("checkout.session.completed")).slice(-1);
  const again = await fakes.stripe.redeliver(completed!.event.id);
  expect(again.deliveries.at(-1)?.status).toBe(200);
  await page.reload();
  expect(await headerBalance(page)).toBe(before + 800);
});
