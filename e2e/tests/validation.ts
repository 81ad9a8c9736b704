import { expect, type Page } from "@playwright/test";

export function resultCard(page: Page) {
  return page.getByRole("region", { name: "Validation Result" });
}

/** Enters an address on the home page and asks for its validation, the way a person does. */
export async function validate(page: Page, email: string): Promise<void> {
  const field = page.getByLabel("Enter an email address to validate");
  await field.fill(email);
  await page.getByRole("button", { name: "Validate & Explore Domain" }).click();
}

/** Validates and waits for the verdict on that very address. */
export async function validateAndWait(page: Page, email: string, banner: "VALID EMAIL" | "INVALID EMAIL"): Promise<void> {
  await validate(page, email);
  const card = resultCard(page);
  await expect(card.getByText(banner, { exact: true })).toBeVisible();
  await expect(card.getByText(email, { exact: true })).toBeVisible();
}
