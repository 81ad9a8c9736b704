// Zoho CRM sync from a user's own integrations page, against devstack's fake Zoho: connect through its consent page,
// test the connection, then sync 250 saved contacts while Zoho expires the access token, answers one call 429 and
// refuses one record: 249 successful, 1 failed, the invalid addresses tagged. And what an operator who set no client
// credentials gets: the notice naming the settings.
import { expect, type Page, test } from "@playwright/test";
import { ZOHO_INVALID_TAG } from "../../edge-functions/_shared/crm/contract.ts";
import { logIn, notifications, registerThroughApi, seeded } from "./accounts";
import { seedSavedContacts, type SeededContact } from "./database";
import { setFunctionSettings } from "./devstack";
import { zohoFakeControls } from "../../devstack/src/zoho/testing.ts";

const zoho = zohoFakeControls(process.env.ZOHO_API_URL);
const CONTACTS = 250;
const INVALID = 10;

/** 250 contacts: every 25th address invalid by its latest validation, the rest valid; one valid one Zoho refuses. */
function contactsToSync(run: string): { contacts: SeededContact[]; refused: string } {
  const contacts = Array.from({ length: CONTACTS }, (_, index): SeededContact => ({
    email: `lead${String(index).padStart(3, "0")}.${run}@zoho-sync.test`,
    firstName: "Lead",
    lastName: `Number ${index}`,
    company: "Sync Test Ltd",
    isValid: index % (CONTACTS / INVALID) !== 0,
  }));
  return { contacts, refused: contacts[1]!.email };
}

function tile(page: Page, name: string) {
  return page.getByRole("article", { name });
}

test("a user connects Zoho, tests the connection and syncs 250 contacts through an expiry, a 429 and a bad record", async ({
  page,
  request,
}) => {
  // A 250-contact run with a Retry-After wait: more than the default 30 s on a loaded machine.
  test.setTimeout(180_000);
  const user = await registerThroughApi(request, "e2e_zoho");
  const { contacts, refused } = contactsToSync(Date.now().toString(36));
  await seedSavedContacts(user.username, contacts);
  await zoho.reset();
  await zoho.markBadRecord(refused);

  await logIn(page, user.username, user.password);
  await page.goto("/account/integrations");
  const connection = page.getByRole("region", { name: "Zoho CRM connection" });
  await expect(connection).toContainText("Zoho CRM is not connected");
  await connection.getByRole("button", { name: "Connect" }).click();

  // The fake's consent page, as Zoho's accounts server shows it.
  await page.getByRole("button", { name: "Accept" }).click();
  await expect(notifications(page).getByText("Zoho CRM connected", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/account\/integrations$/);
  await expect(connection).toContainText("Connected to Zoho CRM");

  await connection.getByRole("button", { name: "Test Connection" }).click();
  await expect(notifications(page).getByText("Connection successful", { exact: true })).toBeVisible();

  // Every access token Zoho issued so far expires, and its next call is answered 429 with Retry-After.
  const refreshesBefore = (await zoho.calls()).refresh;
  await zoho.expireAccessTokens();
  await zoho.rateLimitNext({ count: 1, retryAfter: 1 });

  const table = page.getByRole("table", { name: "Contacts to sync" });
  await table.getByRole("checkbox", { name: "Select all rows" }).check();
  await page.getByRole("button", { name: `Select all ${CONTACTS} matching` }).click();
  await page.getByRole("button", { name: `Sync Selected (${CONTACTS})` }).click();
  await expect(notifications(page).getByText("Bulk sync started", { exact: true })).toBeVisible();

  // Followed live to its end.
  const run = page.getByRole("listitem", { name: /^Sync run of/ }).first();
  await expect(run.getByText("Completed", { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(run).toContainText(`${CONTACTS} of ${CONTACTS} contacts: ${CONTACTS - 1} created, 0 updated, 0 skipped, 1 failed.`);
  await expect(tile(page, "Successful")).toContainText(String(CONTACTS - 1));
  await expect(tile(page, "Failed")).toContainText("1");
  await expect(tile(page, "Total Syncs")).toContainText(String(CONTACTS));

  // The invalid addresses are tagged in Zoho, and their rows say so.
  await page.getByLabel("Show").selectOption({ label: "Invalid Only" });
  const rows = table.getByRole("row").filter({ hasText: "Invalid" });
  await expect(rows).toHaveCount(INVALID);
  await expect(rows.filter({ hasText: "Tagged" })).toHaveCount(INVALID);

  const stored = await zoho.contacts();
  expect(stored).toHaveLength(CONTACTS - 1);
  expect(stored.filter((contact) => contact.tags.includes(ZOHO_INVALID_TAG))).toHaveLength(INVALID);
  // The expired token was refreshed once, not once per call or per worker.
  expect((await zoho.calls()).refresh).toBe(refreshesBefore + 1);
  expect(stored.map((contact) => contact.Email)).not.toContain(refused);
});

test.describe("without client credentials", () => {
  test.afterEach(async ({ request }) => {
    await setFunctionSettings(request, "api", {});
  });

  test("the admin's Zoho page says which settings to configure", async ({ page, request }) => {
    // The stack's api, restarted as an operator would run it with neither setting.
    await setFunctionSettings(request, "api", { ZOHO_CLIENT_ID: null, ZOHO_CLIENT_SECRET: null });
    await logIn(page, seeded.admin.username, seeded.admin.password);
    await page.goto("/admin/zoho-sync");

    const notice = page.getByRole("region", { name: "Zoho CRM connection" });
    await expect(notice).toContainText(
      "Configure CRM API credentials in environment variables (client id, client secret, refresh token)",
    );
    for (const setting of ["ZOHO_CLIENT_ID", "ZOHO_CLIENT_SECRET", "ZOHO_REFRESH_TOKEN"]) {
      await expect(notice.getByText(setting, { exact: true })).toBeVisible();
    }
  });
});
