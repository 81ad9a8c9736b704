// System popups: an admin's edit of the upgrade popup is what the next anonymous visitor out of free validations
// sees, and a new account is welcomed once, with the welcome popup's texts.
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import type { AdminSystemPopup, PopupType } from "../../edge-functions/_shared/popups/contract.ts";
import { accountMenu, adminApiHeaders, logIn, notifications, seeded, submitRegistration, welcomeDialog } from "./accounts";
import { resetAnonymousAllowance, useUpAnonymousAllowance } from "./database";
import { validate, validateAndWait } from "./validation";

/** The anonymous allowance of the test stack (ANON_IP_MONTHLY_LIMIT). */
const FREE_VALIDATIONS = 10;

async function popupOfType(request: APIRequestContext, type: PopupType): Promise<AdminSystemPopup> {
  const answer = await request.get("/api/admin/system-popups", { headers: await adminApiHeaders(request) });
  expect(answer.status(), await answer.text()).toBe(200);
  const popup = ((await answer.json()) as AdminSystemPopup[]).find((candidate) => candidate.popupType === type);
  if (!popup) throw new Error(`no ${type} popup is seeded`);
  return popup;
}

/** Puts a popup back as it was, so the other journeys see the seeded texts. */
async function restorePopup(request: APIRequestContext, popup: AdminSystemPopup): Promise<void> {
  const { title, content, features, buttonText, buttonUrl, pricing, isActive } = popup;
  const answer = await request.put(`/api/admin/system-popups/${popup.id}`, {
    headers: await adminApiHeaders(request),
    data: { title, content, features, buttonText, buttonUrl, pricing, isActive },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function editUpgradePopupTitle(page: Page, from: string, to: string): Promise<void> {
  await page.goto("/admin/system-popups");
  await page.getByRole("tab", { name: "Upgrade Popup" }).click();
  const card = page.getByRole("article", { name: from });
  await card.getByRole("button", { name: "Edit" }).click();
  const form = page.getByRole("form", { name: "Edit Upgrade Popup" });
  await form.getByLabel("Title", { exact: true }).fill(to);
  // The preview beside the form is the visitor's dialog, fed what is typed.
  await expect(form.getByRole("region", { name: "Preview" }).getByText(to, { exact: true })).toBeVisible();
  await form.getByRole("button", { name: "Save Changes" }).click();
  await expect(notifications(page).getByText("Popup saved", { exact: true })).toBeVisible();
  await expect(page.getByRole("article", { name: to })).toBeVisible();
}

test.describe("the upgrade popup", () => {
  let seededPopup: AdminSystemPopup | undefined;
  test.afterEach(async ({ request }) => {
    if (seededPopup) await restorePopup(request, seededPopup);
  });

  test("an admin edits its title; the next anonymous visitor's 11th validation shows it", async ({ browser, request }) => {
    seededPopup = await popupOfType(request, "upgrade_limit");
    const title = `Out of free checks ${Date.now().toString(36)}`;
    const admin = await (await browser.newContext()).newPage();
    await logIn(admin, seeded.admin.username, seeded.admin.password);
    await editUpgradePopupTitle(admin, seededPopup.title, title);

    // A visitor with a fresh allowance validates once, then the network's and session's counts stand at the limit.
    await resetAnonymousAllowance();
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto("/");
    await validateAndWait(visitor, "first-try@mailscout-demo.test", "VALID EMAIL");
    await useUpAnonymousAllowance(FREE_VALIDATIONS);

    await validate(visitor, "eleventh@mailscout-demo.test");
    const dialog = visitor.getByRole("dialog", { name: title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(seededPopup.features[0]!.text)).toBeVisible();
    await expect(visitor.getByRole("dialog", { name: seededPopup.title })).toHaveCount(0);
  });
});

test("a new account is welcomed once, with the welcome popup's texts", async ({ page, request }) => {
  const welcome = await popupOfType(request, "welcome");
  const account = await submitRegistration(page);

  const dialog = welcomeDialog(page);
  await expect(dialog).toHaveAccessibleName(welcome.title);
  if (welcome.content) await expect(dialog.getByText(welcome.content)).toBeVisible();
  for (const feature of welcome.features) await expect(dialog.getByText(feature.text, { exact: true })).toBeVisible();
  await dialog.getByRole("button", { name: welcome.buttonText }).click();
  await expect(dialog).toHaveCount(0);
  await expect(accountMenu(page, account.username)).toBeVisible();

  // Once: not again on the next visit.
  await page.reload();
  await expect(accountMenu(page, account.username)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
});
