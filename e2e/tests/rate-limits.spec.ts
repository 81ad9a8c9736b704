// A signed-in person who validates faster than the per-minute limit is told, on the page, when to try again.
import { expect, test } from "@playwright/test";
import { notifications, registerNewAccount } from "./accounts";
import { useUpPerMinuteLimit } from "./database";
import { resultCard, validate } from "./validation";

test("past the per-minute limit a signed-in validation is refused with when to try again", async ({ page }) => {
  const account = await registerNewAccount(page);
  await useUpPerMinuteLimit(account.username, "validation");

  await validate(page, "someone@mailscout-demo.test");

  // The wait counts down from a minute while the page loads, so its figure is not fixed.
  const refusal = /^Too many validations: at most 120 a minute\. Please try again in (1 minute|\d+ seconds)\.$/;
  await expect(resultCard(page).getByText(refusal)).toBeVisible();
  await expect(notifications(page).getByText(refusal)).toBeVisible();
});
