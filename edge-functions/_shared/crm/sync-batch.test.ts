// syncBatch against devstack's fake Zoho in-process (crm/zoho/testing/in-process-fake.ts): what lands in Zoho, what
// each contact's result says, and how few calls a batch makes, through token expiry, 429s, 5xx and a bad record.
import assert from "node:assert/strict";
import { ZOHO_INVALID_TAG } from "./contract.ts";
import { syncBatch, type SyncContactInput } from "./sync-batch.ts";
import { SKIPPED_FILL_EMPTY } from "./sync-rules.ts";
import { ZohoReconnectNeeded } from "./zoho/errors.ts";
import { connectedFakeZoho } from "./zoho/testing/in-process-fake.ts";

const contact = (id: number, email: string, overrides: Partial<SyncContactInput> = {}): SyncContactInput => ({
  contactId: id,
  email,
  firstName: null,
  lastName: null,
  company: null,
  phone: null,
  mobile: null,
  jobTitle: null,
  isValid: true,
  ...overrides,
});

const OPTIONS = { tagInvalidEmails: true, overwriteExisting: false };

Deno.test("new contacts are created, Last_Name from the local part when missing", async () => {
  const { client, controls } = await connectedFakeZoho();
  const results = await syncBatch(client, [
    contact(1, "ann@example.com", { firstName: "Ann", lastName: "Lee", company: "Acme", jobTitle: "CTO" }),
    contact(2, "bob.smith@example.com"),
  ], OPTIONS);
  assert.deepEqual(results.map((r) => [r.contactId, r.outcome, r.tagged, r.message]), [[1, "created", false, null], [2, "created", false, null]]);
  const stored = await controls.contacts();
  assert.deepEqual(stored.map((c) => [c.id, c.Email, c.First_Name, c.Last_Name, c.Account_Name, c.Title]), [
    [results[0]!.zohoId, "ann@example.com", "Ann", "Lee", "Acme", "CTO"],
    [results[1]!.zohoId, "bob.smith@example.com", null, "bob.smith", null, null],
  ]);
});

Deno.test("existing contacts: empty fields filled, or overwritten without blanking; nothing to send writes nothing", async () => {
  const { client, controls } = await connectedFakeZoho();
  await controls.seedContacts([
    { Email: "Ann@Example.com", Last_Name: "Lee", First_Name: "Annie", Phone: "+1 555 0199" },
    { Email: "full@example.com", Last_Name: "Full", First_Name: "F" },
  ]);
  const ann = contact(1, "ann@example.com", { firstName: "Ann", jobTitle: "CTO" });
  const full = contact(2, "full@example.com", { firstName: "Other" });
  const filled = await syncBatch(client, [ann, full], OPTIONS);
  assert.deepEqual(filled.map((r) => [r.outcome, r.message]), [["updated", null], ["skipped", SKIPPED_FILL_EMPTY]]);
  let stored = (await controls.contacts())[0]!;
  assert.deepEqual([stored.Email, stored.First_Name, stored.Title, stored.Phone], ["Ann@Example.com", "Annie", "CTO", "+1 555 0199"]);

  const overwritten = await syncBatch(client, [ann], { ...OPTIONS, overwriteExisting: true });
  assert.equal(overwritten[0]!.outcome, "updated");
  stored = (await controls.contacts())[0]!;
  assert.deepEqual([stored.First_Name, stored.Title, stored.Phone], ["Ann", "CTO", "+1 555 0199"]);

  const again = await syncBatch(client, [ann], { ...OPTIONS, overwriteExisting: true });
  assert.equal(again[0]!.outcome, "skipped");
  assert.equal(again[0]!.zohoId, stored.id);
  assert.equal((await controls.calls()).upsert, 2);
});

Deno.test("invalid addresses are tagged and ones now valid untagged; tagging off leaves tags alone", async () => {
  const { client, controls } = await connectedFakeZoho();
  await controls.seedContacts([
    { Email: "was-bad@example.com", Last_Name: "W", tags: [ZOHO_INVALID_TAG] },
    { Email: "still-bad@example.com", Last_Name: "S", tags: [ZOHO_INVALID_TAG] },
  ]);
  const batch = [
    contact(1, "bad@example.com", { isValid: false }),
    contact(2, "was-bad@example.com", { isValid: true }),
    contact(3, "still-bad@example.com", { isValid: false }),
    contact(4, "unknown@example.com", { isValid: null }),
  ];
  const off = await syncBatch(client, batch, { ...OPTIONS, tagInvalidEmails: false });
  assert.deepEqual(off.map((r) => r.tagged), [false, true, true, false]);
  assert.equal((await controls.calls()).add_tags + (await controls.calls()).remove_tags, 0);

  const on = await syncBatch(client, batch, OPTIONS);
  assert.deepEqual(on.map((r) => r.tagged), [true, false, true, false]);
  const tags = Object.fromEntries((await controls.contacts()).map((c) => [c.Email, c.tags]));
  assert.deepEqual(tags, {
    "was-bad@example.com": [],
    "still-bad@example.com": [ZOHO_INVALID_TAG],
    "bad@example.com": [ZOHO_INVALID_TAG],
    "unknown@example.com": [],
  });
  const calls = await controls.calls();
  assert.deepEqual([calls.add_tags, calls.remove_tags], [1, 1]);
});

Deno.test("a bad record fails alone with Zoho's message and is not tagged", async () => {
  const { client, controls } = await connectedFakeZoho();
  await controls.markBadRecord("bad-record@example.com");
  const results = await syncBatch(client, [
    contact(1, "bad-record@example.com", { isValid: false }),
    contact(2, "fine@example.com", { isValid: false }),
  ], OPTIONS);
  assert.deepEqual(results.map((r) => [r.outcome, r.tagged, r.message]), [
    ["failed", false, "INVALID_DATA: invalid data (Email)"],
    ["created", true, null],
  ]);
});

Deno.test("100 contacts through an expiry, a 429, 5xx and a bad record: 99 synced, 1 failed, in 0.05 calls per contact", async () => {
  const { client, controls, waits } = await connectedFakeZoho();
  await controls.seedContacts(Array.from({ length: 30 }, (_, i) => ({ Email: `p${i}@example.com`, Last_Name: `P${i}`, tags: i < 5 ? [ZOHO_INVALID_TAG] : [] })));
  // An invalid address whose record Zoho refuses: it fails and stays untagged.
  await controls.markBadRecord("p73@example.com");
  await controls.expireAccessTokens();
  await controls.rateLimitNext({ count: 1, retryAfter: 4 });
  await controls.failNext({ count: 2 });
  const batch = Array.from({ length: 100 }, (_, i) => contact(i + 1, `p${i}@example.com`, { firstName: `First${i}`, isValid: i % 10 !== 3 }));
  const results = await syncBatch(client, batch, OPTIONS);
  const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  assert.deepEqual([count("created"), count("updated"), count("skipped"), count("failed")], [69, 30, 0, 1]);
  assert.deepEqual([results[73]!.outcome, results[73]!.tagged], ["failed", false]);
  assert.equal(results.filter((r) => r.tagged).length, 9);
  assert.equal((await controls.contacts()).filter((c) => c.tags.includes(ZOHO_INVALID_TAG)).length, 9);
  assert.deepEqual(waits, [750, 1500, 4000]);

  // The batch's calls, not counting the ones Zoho refused and the client repeated.
  const calls = await controls.calls();
  assert.equal(calls.refresh, 1);
  const faults = 1 + 1 + 2;
  const made = calls.coql + calls.upsert + calls.add_tags + calls.remove_tags - faults;
  assert.equal(made, 5);
  assert.ok(made / batch.length <= 0.05);
});

Deno.test("a refused refresh mid-batch ends it with ZohoReconnectNeeded", async () => {
  const { client, controls } = await connectedFakeZoho();
  await controls.revokeRefreshTokens();
  await assert.rejects(syncBatch(client, [contact(1, "a@example.com")], OPTIONS), ZohoReconnectNeeded);
  assert.equal((await controls.calls()).upsert, 0);
});

Deno.test("more than 100 contacts are refused before any call", async () => {
  const { client, controls } = await connectedFakeZoho();
  const batch = Array.from({ length: 101 }, (_, i) => contact(i + 1, `p${i}@example.com`));
  await assert.rejects(syncBatch(client, batch, OPTIONS), RangeError);
  assert.equal((await controls.calls()).coql, 0);
});
