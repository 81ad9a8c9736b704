// The sync's rules without Zoho: what a contact sends when Zoho lacks it, has some of its fields or all of them, and
// whether its tag changes.
import assert from "node:assert/strict";
import { localPart, localValues, planContact, SKIPPED_FILL_EMPTY, SKIPPED_UNCHANGED, tagChange, type SyncContactInput } from "./sync-rules.ts";
import type { ZohoContact } from "./zoho/client.ts";

const contact = (overrides: Partial<SyncContactInput> = {}): SyncContactInput => ({
  contactId: 1,
  email: "ann.lee@example.com",
  firstName: "Ann",
  lastName: "Lee",
  company: "Acme",
  phone: "+1 555 0100",
  mobile: null,
  jobTitle: "CTO",
  isValid: true,
  ...overrides,
});

const zoho = (fields: Partial<ZohoContact["fields"]> = {}, email = "Ann.Lee@example.com"): ZohoContact => ({
  id: "4876876000000000001",
  email,
  fields: { First_Name: null, Last_Name: "Lee", Phone: null, Mobile: null, Title: null, Account_Name: null, ...fields },
  tags: [],
});

Deno.test("a contact Zoho lacks is created with every value held, and no empty one", () => {
  assert.deepEqual(planContact(contact(), null, false), {
    kind: "write",
    record: { Email: "ann.lee@example.com", First_Name: "Ann", Last_Name: "Lee", Phone: "+1 555 0100", Title: "CTO", Account_Name: "Acme" },
  });
});

Deno.test("Last_Name falls back to the address's local part when creating", () => {
  for (const lastName of [null, "", "   "]) {
    const plan = planContact(contact({ lastName, firstName: null, company: null, phone: null, jobTitle: null }), null, true);
    assert.deepEqual(plan, { kind: "write", record: { Email: "ann.lee@example.com", Last_Name: "ann.lee" } });
  }
  assert.equal(localPart("x@y@example.com"), "x@y");
  assert.equal(localPart("no-at-sign"), "no-at-sign");
});

Deno.test("overwriteExisting false fills only the fields empty in Zoho", () => {
  const plan = planContact(contact(), zoho({ First_Name: "Annie", Phone: " ", Account_Name: "Other Co" }), false);
  assert.deepEqual(plan, { kind: "write", record: { Email: "Ann.Lee@example.com", Phone: "+1 555 0100", Title: "CTO" } });
});

Deno.test("overwriteExisting true sends every differing value held and never blanks a field", () => {
  const existing = zoho({ First_Name: "Annie", Mobile: "+1 555 0199", Title: "CTO", Account_Name: "Other Co" });
  const plan = planContact(contact({ mobile: "  " }), existing, true);
  assert.deepEqual(plan, { kind: "write", record: { Email: "Ann.Lee@example.com", First_Name: "Ann", Phone: "+1 555 0100", Account_Name: "Acme" } });
});

Deno.test("nothing to send is a skip, saying why", () => {
  const full = zoho({ First_Name: "Annie", Phone: "1", Mobile: "2", Title: "Boss", Account_Name: "X" });
  assert.deepEqual(planContact(contact(), full, false), { kind: "skip", message: SKIPPED_FILL_EMPTY });
  const same = zoho({ First_Name: "Ann", Phone: "+1 555 0100", Title: "CTO", Account_Name: "Acme" });
  assert.deepEqual(planContact(contact(), same, true), { kind: "skip", message: SKIPPED_UNCHANGED });
  const bare = contact({ firstName: null, lastName: null, company: null, phone: null, jobTitle: null });
  assert.deepEqual(planContact(bare, zoho(), false), { kind: "skip", message: SKIPPED_FILL_EMPTY });
});

Deno.test("values are trimmed, and blank ones left out", () => {
  assert.deepEqual(localValues(contact({ firstName: "  Ann ", lastName: "\t", company: null, phone: "", jobTitle: null })), { First_Name: "Ann" });
});

Deno.test("the tag: invalid addresses get it, valid ones lose it, unvalidated ones and tagging off change nothing", () => {
  const cases: [boolean | null, boolean, boolean, ReturnType<typeof tagChange>][] = [
    [false, false, true, "add"],
    [false, true, true, null],
    [true, true, true, "remove"],
    [true, false, true, null],
    [null, true, true, null],
    [null, false, true, null],
    [false, false, false, null],
    [true, true, false, null],
  ];
  for (const [isValid, tagged, tagInvalidEmails, expected] of cases) {
    assert.equal(tagChange(isValid, tagged, tagInvalidEmails), expected, `isValid ${isValid}, tagged ${tagged}, tagging ${tagInvalidEmails}`);
  }
});
