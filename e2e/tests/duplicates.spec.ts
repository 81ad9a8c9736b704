// Duplicate contacts: one person saved the same Gmail inbox twice under two spellings; an admin finds the group,
// keeps one record, merges the other into it, and undoes the merge from the toast: both records are back as they were.
import { expect, test } from "@playwright/test";
import { apiHeaders, logIn, notifications, registerThroughApi, seeded } from "./accounts";

test("an admin merges two spellings of one Gmail inbox, then undoes it", async ({ page, request }) => {
  // Unique per run: the group's key is the inbox, and the admin sees every user's groups.
  const inbox = `jane.doe.${Date.now().toString(36)}`;
  const dotted = `${inbox}@gmail.com`;
  const tagged = `${inbox.replaceAll(".", "")}+crm@googlemail.com`;
  const key = `${inbox.replaceAll(".", "")}@gmail.com`;

  const owner = await registerThroughApi(request);
  const headers = await apiHeaders(request, owner.username, owner.password);
  for (const contact of [
    { email: dotted, firstName: "Jane", company: "Acme Corp" },
    { email: tagged, lastName: "Doe", phone: "+1 415 555 0100" },
  ]) {
    const saved = await request.post("/api/contacts", { headers, data: contact });
    expect(saved.status(), await saved.text()).toBe(201);
  }

  await logIn(page, seeded.admin.username, seeded.admin.password);
  await page.goto("/admin/duplicates");
  await page.getByRole("searchbox", { name: "Search emails" }).fill(key);
  const group = page.getByRole("listbox", { name: "Duplicate emails" }).getByRole("option", { name: new RegExp(key) });
  await expect(group).toContainText("2 records");
  await group.click();

  const records = page.getByRole("region", { name: `Records of ${key}` });
  const kept = records.getByRole("article", { name: dotted });
  const merged = records.getByRole("article", { name: tagged });
  await kept.getByRole("button", { name: "Keep" }).click();
  await merged.getByRole("button", { name: "Merge" }).click();
  await expect(kept.getByRole("button", { name: "Keep" })).toHaveAttribute("aria-pressed", "true");
  await expect(merged.getByRole("button", { name: "Merge" })).toHaveAttribute("aria-pressed", "true");

  // The bar previews the kept record with its empty fields filled from the merged one.
  const bar = records.getByRole("region", { name: "Ready to Merge" });
  const preview = bar.getByRole("group", { name: "Merged record" });
  for (const value of ["Jane", "Doe", "Acme Corp", "+1 415 555 0100"]) await expect(preview).toContainText(value);
  await bar.getByRole("button", { name: "Merge" }).click();

  await expect(notifications(page).getByText("Records merged", { exact: true })).toBeVisible();
  await expect(notifications(page).getByText(`1 record merged into ${dotted}`, { exact: true })).toBeVisible();
  // One record is left: the inbox is no longer a duplicate.
  await expect(page.getByText("No duplicates left", { exact: true })).toBeVisible();

  await notifications(page).getByRole("button", { name: "Undo" }).click();
  await expect(notifications(page).getByText("Merge undone", { exact: true })).toBeVisible();
  await expect(records.getByRole("article")).toHaveCount(2);
  await expect(records.getByRole("article", { name: tagged })).toBeVisible();
  await expect(kept).not.toContainText("+1 415 555 0100");

  // The owner's contacts are as they saved them.
  const contacts = await request.get("/api/contacts", { headers });
  expect(contacts.status()).toBe(200);
  const listed = JSON.stringify(await contacts.json());
  expect(listed).toContain(dotted);
  expect(listed).toContain(tagged);
});
