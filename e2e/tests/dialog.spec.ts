// While a dialog is open the page behind it is hidden from assistive technology. The validation result is
// an aria-live region, which Radix's own hiding leaves exposed, so its Save to Contacts button used to be found twice.
import { expect, test } from "@playwright/test";
import { registerNewAccount } from "./accounts";
import { resultCard, validateAndWait } from "./validation";

test("an open dialog hides the page behind it from assistive technology, and closing it shows the page again", async ({ page }) => {
  await registerNewAccount(page);
  await validateAndWait(page, "someone@acme-corp.test", "VALID EMAIL");
  const saveButtons = page.getByRole("button", { name: "Save to Contacts" });
  await expect(saveButtons).toHaveCount(1);

  await resultCard(page).getByRole("button", { name: "Save to Contacts" }).click();
  const dialog = page.getByRole("dialog", { name: "Save Contact" });
  await expect(dialog).toBeVisible();
  await expect(saveButtons).toHaveCount(1);
  await expect(dialog.getByRole("button", { name: "Save to Contacts" })).toBeVisible();
  await expect(resultCard(page)).toHaveCount(0);
  // Hidden from assistive technology, not gone.
  await expect(page.getByRole("region", { name: "Validation Result", includeHidden: true })).toBeAttached();
  await expect(page.getByRole("banner")).toHaveCount(0);

  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(resultCard(page)).toBeVisible();
  await expect(saveButtons).toHaveCount(1);
});
