// A subscription from start to cancellation: a new user subscribes to Starter monthly by card on Stripe's hosted page,
// comes back to their billing screen with the plan active, and cancels it there; it then ends at the period's end.
import { expect, test } from "@playwright/test";
import { notifications, registerNewAccount } from "./accounts";
import { adminPage, configureStripe, payByCard } from "./billing";

test("a user subscribes to Starter monthly by card, then cancels it on the billing screen", async ({ page, browser }) => {
  await configureStripe(await adminPage(browser));
  await registerNewAccount(page);

  await page.goto("/pricing");
  await page.getByRole("article", { name: "Starter" }).getByRole("button", { name: "Subscribe" }).click();
  const checkout = page.getByRole("dialog", { name: "Subscribe to Starter (monthly)" });
  await expect(checkout.getByText("$19 a month. Cancel any time.")).toBeVisible();
  await checkout.getByRole("button", { name: "Pay with card" }).click();
  await payByCard(page);

  await expect(page.getByText("Payment received")).toBeVisible();
  const subscription = page.getByRole("region", { name: "Subscription" });
  await expect(subscription.getByText("Starter")).toBeVisible();
  await expect(subscription.getByText("Active", { exact: true })).toBeVisible();
  await expect(subscription.getByText(/^Renews on /)).toBeVisible();

  await subscription.getByRole("button", { name: "Cancel subscription" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Cancel your subscription?" });
  await confirm.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(notifications(page).getByText("Subscription cancelled", { exact: true })).toBeVisible();
  await expect(subscription.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(subscription.getByText(/^Cancels on /)).toBeVisible();
  await expect(subscription.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole("region", { name: "Subscription" }).getByText("Cancelled", { exact: true })).toBeVisible();
});
