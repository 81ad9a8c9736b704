// The Zoho client against devstack's fake Zoho, in-process (testing/in-process-fake.ts): no port, no network, and a
// virtual clock, so every wait is exact and takes no time. Faults are the fake's own controls: expired tokens, a
// refused refresh, 429s with and without Retry-After, 5xx, spent credits and a bad record.
import assert from "node:assert/strict";
import { connectedFakeZoho } from "./testing/in-process-fake.ts";
import { ZohoCreditsExhausted, ZohoReconnectNeeded, ZohoUnavailable } from "./errors.ts";
import { backoffMs, retryAfterMs } from "./client.ts";

Deno.test("the organisation, with the Zoho-oauthtoken header", async () => {
  const { client } = await connectedFakeZoho();
  assert.deepEqual(await client.organization(), { id: "845672910", name: "MailScout Test Org" });
});

Deno.test("an expired token is refreshed once and the call repeated", async () => {
  const { client, controls } = await connectedFakeZoho();
  await controls.expireAccessTokens();
  assert.equal((await client.organization()).name, "MailScout Test Org");
  assert.equal((await client.organization()).name, "MailScout Test Org");
  const calls = await controls.calls();
  assert.equal(calls.refresh, 1);
  assert.equal(calls.org, 3);
});

Deno.test("a refused refresh ends the call with ZohoReconnectNeeded", async () => {
  const { client, controls } = await connectedFakeZoho();
  await controls.revokeRefreshTokens();
  await assert.rejects(client.organization(), ZohoReconnectNeeded);
});

Deno.test("429 waits Retry-After, in seconds or as a date, announcing each wait", async () => {
  const { client, controls, waits, time } = await connectedFakeZoho();
  await controls.rateLimitNext({ count: 2, retryAfter: 7 });
  await client.organization();
  assert.deepEqual(waits, [7000, 7000]);
  await controls.rateLimitNext({ retryAfter: new Date(time.now + 12_000).toUTCString() });
  await client.organization();
  assert.deepEqual(waits, [7000, 7000, 12_000]);
  assert.equal((await controls.calls()).org, 5);
});

Deno.test("429 without Retry-After backs off exponentially with jitter", async () => {
  const { client, controls, waits } = await connectedFakeZoho();
  await controls.rateLimitNext({ count: 3, retryAfter: null });
  await client.organization();
  assert.deepEqual(waits, [750, 1500, 3000]);
});

Deno.test("calls over the per-minute limit wait for the window's end and go through", async () => {
  const { client, controls, waits } = await connectedFakeZoho();
  await controls.setLimits({ callsPerMinute: 1 });
  await client.organization();
  await client.organization();
  assert.deepEqual(waits, [60_000]);
});

Deno.test("5xx is retried three times, then Zoho is unavailable", async () => {
  const { client, controls, waits } = await connectedFakeZoho();
  await controls.failNext({ count: 3, status: 503 });
  assert.equal((await client.organization()).name, "MailScout Test Org");
  assert.deepEqual(waits, [750, 1500, 3000]);
  await controls.failNext({ count: 4 });
  await assert.rejects(client.organization(), ZohoUnavailable);
  assert.equal((await controls.calls()).org, 8);
});

Deno.test("spent daily credits end the call with when they come back", async () => {
  const { client, controls, time } = await connectedFakeZoho();
  await controls.setLimits({ dailyCredits: 0 });
  const error = await client.organization().catch((caught: unknown) => caught);
  assert.ok(error instanceof ZohoCreditsExhausted);
  assert.equal(error.resumeAfter.getTime(), Date.UTC(2026, 10, 28));
  assert.ok(error.resumeAfter.getTime() > time.now);
});

Deno.test("upsert answers each record: created, updated, and Zoho's refusals returned rather than thrown", async () => {
  const { client, controls } = await connectedFakeZoho();
  await controls.seedContacts([{ Email: "old@example.com", Last_Name: "Old" }]);
  await controls.markBadRecord("bad@example.com");
  const results = await client.upsertContacts([
    { Email: "new@example.com", Last_Name: "New", Account_Name: "Acme" },
    { Email: "old@example.com", Title: "CTO" },
    { Email: "bad@example.com", Last_Name: "Bad" },
    { Email: "nolast@example.com" },
  ]);
  assert.equal(results[0]!.ok && results[0]!.action, "insert");
  assert.equal(results[1]!.ok && results[1]!.action, "update");
  assert.deepEqual(results[2], { ok: false, code: "INVALID_DATA", message: "invalid data", field: "Email" });
  assert.deepEqual(results[3], { ok: false, code: "MANDATORY_NOT_FOUND", message: "required field not found", field: "Last_Name" });
  assert.equal((await client.upsertContacts([{ Email: "bad@example.com", Last_Name: "Bad" }]))[0]!.ok, false);
  const stored = await controls.contacts();
  assert.equal(stored.find((contact) => contact.Email === "new@example.com")!.Account_Name, "Acme");
});

Deno.test("contacts by email: search and COQL, with their fields, account and tags; quotes survive", async () => {
  const { client, controls } = await connectedFakeZoho();
  const [ann] = await controls.seedContacts([
    { Email: "ann@example.com", Last_Name: "Ann", First_Name: "A", Account_Name: "Acme", tags: ["MailScout Invalid Email"] },
    { Email: "o'hara@example.com", Last_Name: "O'Hara" },
  ]);
  const found = await client.searchContactByEmail("ANN@example.com");
  assert.deepEqual(found, {
    id: ann!.id,
    email: "ann@example.com",
    fields: { First_Name: "A", Last_Name: "Ann", Phone: null, Mobile: null, Title: null, Account_Name: "Acme" },
    tags: ["MailScout Invalid Email"],
  });
  assert.equal(await client.searchContactByEmail("nobody@example.com"), null);
  const both = await client.findContactsByEmails(["ann@example.com", "o'hara@example.com", "nobody@example.com"]);
  assert.deepEqual(both.map((contact) => [contact.email, contact.fields.Account_Name, contact.tags]), [
    ["ann@example.com", "Acme", ["MailScout Invalid Email"]],
    ["o'hara@example.com", null, []],
  ]);
  assert.deepEqual(await client.findContactsByEmails(["none@example.com"]), []);
});

Deno.test("tags are added and removed per record", async () => {
  const { client, controls } = await connectedFakeZoho();
  const [a] = await controls.seedContacts([{ Email: "a@example.com", Last_Name: "A" }]);
  assert.deepEqual(await client.addTags([a!.id, "4876876000000000000"], "T"), [
    { id: a!.id, ok: true, message: "tags updated successfully" },
    { id: "4876876000000000000", ok: false, message: "the id given seems to be invalid" },
  ]);
  assert.deepEqual((await controls.contacts())[0]!.tags, ["T"]);
  await client.removeTags([a!.id], "T");
  assert.deepEqual((await controls.contacts())[0]!.tags, []);
  assert.deepEqual(await client.addTags([], "T"), []);
});

Deno.test("batches beyond Zoho's limits are refused before any call", async () => {
  const { client, controls } = await connectedFakeZoho();
  const emails = Array.from({ length: 51 }, (_, i) => `p${i}@example.com`);
  await assert.rejects(client.findContactsByEmails(emails), RangeError);
  await assert.rejects(client.upsertContacts([...emails, ...emails].map((Email) => ({ Email }))), RangeError);
  assert.equal((await controls.calls()).coql + (await controls.calls()).upsert, 0);
});

Deno.test("Retry-After and backoff arithmetic", () => {
  const now = Date.UTC(2026, 0, 1);
  assert.equal(retryAfterMs("3", now), 3000);
  assert.equal(retryAfterMs(new Date(now + 5000).toUTCString(), now), 5000);
  assert.equal(retryAfterMs(new Date(now - 5000).toUTCString(), now), 0);
  assert.equal(retryAfterMs(null, now), null);
  assert.equal(retryAfterMs("soon", now), null);
  assert.equal(backoffMs(0, () => 0), 500);
  assert.equal(backoffMs(0, () => 0.999), 1000);
  assert.equal(backoffMs(10, () => 0.5), 45_000);
});
