// The anonymous free allowance (the test stack runs with ANON_IP_MONTHLY_LIMIT=10, the session's limit): ten free
// validations, then the upgrade offer; the server keeps the count, so a cleared local storage changes nothing.
import { expect, type Page, test } from "@playwright/test";
import { logIn, seeded } from "./accounts";
import { resetAnonymousAllowance } from "./database";
import { resultCard, validate, validateAndWait } from "./validation";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test.beforeEach(async () => {
  await resetAnonymousAllowance();
});

function upgradeDialog(page: Page) {
  return page.getByRole("dialog", { name: "You've used your free validations" });
}

/** Uses up the allowance: nine validations without a word, the tenth answered with the upgrade dialog. */
async function useTheFreeValidations(page: Page): Promise<void> {
  for (let n = 1; n <= 9; n += 1) {
    await validateAndWait(page, `person${n}@mailscout-demo.test`, "VALID EMAIL");
    await expect(page.getByText(`${10 - n} free validation${10 - n === 1 ? "" : "s"} left this month.`)).toBeVisible();
  }
  await expect(upgradeDialog(page)).toHaveCount(0);

  // The tenth answer opens the upgrade dialog, which hides the page behind it (the result too) until it closes.
  await validate(page, "person10@mailscout-demo.test");
  const dialog = upgradeDialog(page);
  await expect(dialog.getByText("You've used 10 of 10 free validations this month.")).toBeVisible();
  await dialog.getByRole("button", { name: "Maybe Later" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(resultCard(page).getByText("person10@mailscout-demo.test", { exact: true })).toBeVisible();
  await expect(resultCard(page).getByText("VALID EMAIL", { exact: true })).toBeVisible();
}

/** The result card while a dialog hides it from assistive technology: still on the page, behind the dialog. */
function resultCardBehindDialog(page: Page) {
  return page.getByRole("region", { name: "Validation Result", includeHidden: true });
}

test("the 11th validation is refused; the one-time discount is revealed, claimed and copied", async ({ page }) => {
  await page.goto("/");
  await useTheFreeValidations(page);

  await validate(page, "person11@mailscout-demo.test");

  const dialog = upgradeDialog(page);
  await expect(dialog.getByText("You've used 10 of 10 free validations this month.")).toBeVisible();
  await expect(dialog.getByText("Up to 25,000 monthly validations")).toBeVisible();
  await expect(resultCardBehindDialog(page).getByText(/used this month's free validations/)).toBeAttached();

  await dialog.getByRole("button", { name: "Upgrade Now" }).click();
  const offer = dialog.getByRole("region", { name: "Special One-Time Offer" });
  await expect(offer.getByText("20% off your first month")).toBeVisible();
  await expect(offer.getByText("Expires in 24 hours · Single use")).toBeVisible();
  const code = (await offer.locator("code").textContent())?.trim() ?? "";
  expect(code).not.toBe("");

  await offer.getByRole("button", { name: "Claim 20% Discount Now" }).click();

  await expect(page).toHaveURL(/\/pricing\?discount=/);
  expect(new URL(page.url()).searchParams.get("discount")).toBe(code);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: code })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
});

test("clearing local storage does not reset the allowance", async ({ page }) => {
  await page.goto("/");
  await useTheFreeValidations(page);
  const firstSession = await page.evaluate(() => localStorage.getItem("anonymous_session_id"));

  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await validate(page, "fresh-start@mailscout-demo.test");

  await expect(upgradeDialog(page).getByText("You've used 10 of 10 free validations this month.")).toBeVisible();
  await expect(resultCardBehindDialog(page).getByText(/used this month's free validations/)).toBeAttached();
  const secondSession = await page.evaluate(() => localStorage.getItem("anonymous_session_id"));
  expect(secondSession).toMatch(/^[A-Za-z0-9_-]{21}$/);
  expect(secondSession).not.toBe(firstSession);
});

test("a signed-in user is not limited", async ({ page }) => {
  await logIn(page, seeded.demo.username, seeded.demo.password);

  for (let n = 1; n <= 12; n += 1) {
    await validateAndWait(page, `member${n}@mailscout-demo.test`, "VALID EMAIL");
  }

  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText(/free validations? left/)).toHaveCount(0);
});
