// A new account's trial runs out: its validations are spent (all but one through the api, as a script would), the
// home tool warns when few are left, the header counts down to 0, and the next validation opens the upgrade offer
// with the plans and the credit blocks.
import { expect, type Page, test } from "@playwright/test";
import { registerNewAccount } from "./accounts";
import { resultCard, validate, validateAndWait } from "./validation";

/** Where the app keeps the signed-in person's bearer token (the spec's local storage key). */
const AUTH_TOKEN_STORAGE_KEY = "auth_token";

/** The trial's single validations (admin_settings trial_validations, 100 unless an admin changed it). */
const TRIAL_VALIDATIONS = 100;

function balance(page: Page) {
  return page.getByRole("banner").getByRole("link", { name: /validations? left$/ });
}

/** Spends `count` validations as the signed-in person, straight through the api, a few at a time. */
async function spendValidations(page: Page, count: number): Promise<void> {
  const token = await page.evaluate((key) => localStorage.getItem(key), AUTH_TOKEN_STORAGE_KEY);
  expect(token).toBeTruthy();
  for (let done = 0; done < count; done += 10) {
    const batch = Array.from({ length: Math.min(10, count - done) }, (_, n) =>
      page.request.post("/api/validate-email", {
        headers: { Authorization: `Bearer ${token}` },
        data: { email: `person${done + n}@null-mx.test` },
      }),
    );
    for (const response of await Promise.all(batch)) expect(response.status(), await response.text()).toBe(200);
  }
}

test("a new user's trial runs out: the balance reaches 0 and the next validation opens the upgrade offer", async ({ page }) => {
  test.setTimeout(120_000);
  await registerNewAccount(page);
  await expect(balance(page)).toHaveAccessibleName(`${TRIAL_VALIDATIONS} validations left`);

  await spendValidations(page, TRIAL_VALIDATIONS - 1);
  await page.reload();
  await expect(balance(page)).toHaveAccessibleName("1 validation left");
  await expect(page.getByText(`1 validation of your trial's ${TRIAL_VALIDATIONS} left.`)).toBeVisible();

  // The last one goes through, and the header follows it.
  await validateAndWait(page, "last@null-mx.test", "INVALID EMAIL");
  await expect(balance(page)).toHaveAccessibleName("0 validations left");

  // The next is refused for want of credits: the upgrade offer, with every plan and credit block, each to /pricing.
  await validate(page, "one-more@null-mx.test");
  const offer = page.getByRole("dialog", { name: "You're out of validations" });
  await expect(offer).toBeVisible();
  for (const plan of ["Starter", "Professional", "Business"]) {
    await expect(offer.getByRole("link", { name: `Choose ${plan}` })).toHaveAttribute("href", "/pricing");
  }
  await expect(offer.getByText("$19", { exact: true })).toBeVisible();
  await offer.getByRole("switch", { name: /Yearly billing/ }).click();
  await expect(offer.getByText("$14.25", { exact: true })).toBeVisible();
  for (const credits of ["800", "2,000", "5,000", "10,000"]) {
    await expect(offer.getByRole("link", { name: `Buy ${credits} credits` })).toBeVisible();
  }

  await offer.getByRole("button", { name: "Maybe Later" }).click();
  await expect(offer).toHaveCount(0);
  await expect(balance(page)).toHaveAccessibleName("0 validations left");
  await expect(
    resultCard(page).getByText("You have no validations left. Buy credits or choose a plan to continue."),
  ).toBeVisible();

  // From the keyboard the offer goes to the pricing page.
  await validate(page, "again@null-mx.test");
  await offer.getByRole("link", { name: "Buy 800 credits" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/pricing");
  await expect(offer).toHaveCount(0);
});
