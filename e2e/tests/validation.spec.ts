import { expect, test } from "@playwright/test";
import { resetAnonymousAllowance } from "./database";
import { resultCard, validate } from "./validation";

test.beforeEach(async () => {
  await resetAnonymousAllowance();
});

test("a deliverable address is valid, with its mail servers and verdict", async ({ page }) => {
  await page.goto("/");
  const card = resultCard(page);
  await expect(card.getByRole("status")).toHaveText("Waiting for input");
  await expect(card.getByText("No results yet")).toBeVisible();

  await validate(page, "someone@mailscout-demo.test");

  await expect(card.getByText("VALID EMAIL", { exact: true })).toBeVisible();
  await expect(card.getByRole("status")).toHaveText("Valid");
  await expect(card.getByText("FOUND", { exact: true })).toBeVisible();
  await expect(card.getByText("Likely", { exact: true })).toBeVisible();
  await expect(card.getByText("Mail to this address should arrive.")).toBeVisible();
  await expect(card.getByRole("cell", { name: "mx1.mailscout-demo.test" })).toBeVisible();
  await expect(card.getByRole("cell", { name: "mx2.mailscout-demo.test" })).toBeVisible();
  await expect(page.getByText("9 free validations left this month.")).toBeVisible();
});

test("a domain that refuses mail makes an invalid address, and says why", async ({ page }) => {
  await page.goto("/");

  await validate(page, "someone@null-mx.test");

  const card = resultCard(page);
  await expect(card.getByText("INVALID EMAIL", { exact: true })).toBeVisible();
  await expect(card.getByRole("status")).toHaveText("Invalid");
  await expect(card.getByText("NO MX RECORDS", { exact: true })).toBeVisible();
  await expect(card.getByText("Unlikely", { exact: true })).toBeVisible();
  await expect(card.getByText("Undeliverable", { exact: true })).toBeVisible();
  await expect(card.getByText(/declares that it accepts no email at all/)).toBeVisible();
});

test("a malformed address fails the format check on the server", async ({ page }) => {
  await page.goto("/");

  await validate(page, "some..one@mailscout-demo.test");

  const card = resultCard(page);
  await expect(card.getByText("INVALID FORMAT", { exact: true })).toBeVisible();
  await expect(card.getByText(/not written the way mail providers accept/)).toBeVisible();
});

test("a typo is offered corrected, and one click validates the correction", async ({ page }) => {
  await page.goto("/");
  await validate(page, "someone@gmial.com");
  const card = resultCard(page);
  await expect(card.getByText("INVALID EMAIL", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: "Did you mean someone@gmail.com?" }).click();

  await expect(card.getByText("VALID EMAIL", { exact: true })).toBeVisible();
  await expect(card.getByText("someone@gmail.com", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Enter an email address to validate")).toHaveValue("someone@gmail.com");
  await expect(card.getByText(/at a free email provider/)).toBeVisible();
});
