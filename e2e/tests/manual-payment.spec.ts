// A Venmo payment: the buyer pays outside MailScout and names the transaction, an admin in another browser finds it
// in the finances tab's verification queue and verifies it, and the buyer's balance has the credits.
import { expect, test } from "@playwright/test";
import { notifications, registerNewAccount } from "./accounts";
import { adminPage, configureProvider, headerBalance } from "./billing";

test("a Venmo payment waits for an admin's verification, then its credits are the buyer's", async ({ page, browser }) => {
  const admin = await adminPage(browser);
  await configureProvider(admin, "Venmo", { "Venmo username": "@mailscout-e2e" });
  const buyer = await registerNewAccount(page);
  const before = await headerBalance(page);
  const reference = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;

  await page.goto("/pricing");
  const credits = page.getByRole("region", { name: "Pay as you go" });
  await credits.getByRole("listitem").filter({ hasText: "Save 25%" }).getByRole("button", { name: "Buy Credits" }).click();
  const checkout = page.getByRole("dialog", { name: "Buy 2,000 credits" });
  await checkout.getByRole("button", { name: "Pay with Venmo" }).click();
  await expect(checkout.getByText("Send $30 to @mailscout-e2e on Venmo.")).toBeVisible();
  await checkout.getByLabel("Venmo transaction ID").fill(reference);
  await checkout.getByRole("button", { name: "Submit payment" }).click();
  // The same dialog now says where the payment stands.
  const pending = page.getByRole("dialog", { name: "Pending verification" });
  await expect(pending.getByText(`reference ${reference}`)).toBeVisible();
  await pending.getByRole("button", { name: "Done" }).click();

  await admin.goto("/admin?tab=finances");
  const queue = admin.getByRole("table", { name: "Payments waiting for verification" });
  const row = queue.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText(buyer.email);
  await row.getByRole("button", { name: `Verify $30 from ${buyer.email}` }).click();
  await expect(notifications(admin).getByText("Payment verified", { exact: true })).toBeVisible();
  await expect(queue.getByText(reference)).toHaveCount(0);

  await page.reload();
  await expect.poll(() => headerBalance(page)).toBe(before + 2_000);
});
