// /api/contacts against the running stack: each user sees and changes only their own contacts, the field limits answer
// 400 naming field and rule, the same address twice answers 409, and the batch import counts what it did.
import assert from "node:assert/strict";
import {
  type Contact,
  contactListSchema,
  contactSchema,
  createdContactSchema,
  importContactsResponseSchema,
} from "../../../_shared/contacts/index.ts";
import { assertError, call, signedInUser } from "../../testing/stack.ts";

type User = { id: string; token: string };

async function save(user: User, body: Record<string, unknown>): Promise<Contact> {
  const response = await call("/api/contacts", { token: user.token, body });
  assert.equal(response.status, 201, response.text);
  return contactSchema.parse(response.json);
}

async function contactsOf(user: User, query = ""): Promise<{ contacts: Contact[]; total: number }> {
  const response = await call(`/api/contacts${query}`, { token: user.token });
  assert.equal(response.status, 200, response.text);
  return {
    contacts: contactSchema.array().parse(response.json),
    total: Number(response.headers.get("x-total-count")),
  };
}

async function generalListId(user: User): Promise<number> {
  const response = await call("/api/contact-lists/default", { token: user.token });
  assert.equal(response.status, 200, response.text);
  return contactListSchema.parse(response.json).id;
}

async function newList(user: User, name: string): Promise<number> {
  const response = await call("/api/contact-lists", { token: user.token, body: { name } });
  assert.equal(response.status, 201, response.text);
  return contactListSchema.parse(response.json).id;
}

Deno.test("every contacts route answers 401 without a signed-in user", async () => {
  for (
    const [method, path, body] of [
      ["GET", "/api/contacts", undefined],
      ["POST", "/api/contacts", { email: "a@example.com" }],
      ["POST", "/api/contacts/import", { rows: [{ email: "a@example.com" }] }],
      ["PATCH", "/api/contacts/1", { notes: "x" }],
      ["DELETE", "/api/contacts/1", undefined],
    ] as const
  ) {
    assertError(await call(path, { method, body }), 401, "Not authenticated");
    assertError(await call(path, { method, body, token: "not-a-token" }), 401, "Not authenticated");
  }
});

Deno.test("a new user has no contacts: an empty list", async () => {
  const user = await signedInUser();
  assert.deepEqual(await contactsOf(user), { contacts: [], total: 0 });
});

Deno.test("saving a contact answers 201 with it, in General, with the domain from the email; GET lists it", async () => {
  const user = await signedInUser();
  const general = await generalListId(user);
  const contact = await save(user, {
    email: "  Jane.Doe@Acme-Corp.test ",
    firstName: " Jane ",
    lastName: "Doe",
    position: "CTO",
    company: "",
    notes: "met at the fair",
    domain: "ignored.test",
    userId: 0,
    listId: null,
    source: "discovery",
    sourceUrl: "https://acme-corp.test/team",
  });
  assert.deepEqual(
    { ...contact, id: 0, createdAt: "", updatedAt: "" },
    {
      id: 0,
      email: "Jane.Doe@Acme-Corp.test",
      domain: "acme-corp.test",
      firstName: "Jane",
      lastName: "Doe",
      position: "CTO",
      company: null,
      phone: null,
      notes: "met at the fair",
      listId: general,
      source: "discovery",
      sourceUrl: "https://acme-corp.test/team",
      createdAt: "",
      updatedAt: "",
    },
  );
  assert.deepEqual(await contactsOf(user), { contacts: [contact], total: 1 });
  const manual = await save(user, { email: "second@example.com" });
  assert.equal(manual.source, "manual");
  assert.deepEqual((await contactsOf(user)).contacts.map((c) => c.id), [manual.id, contact.id]);
});

Deno.test("saving another spelling of a Gmail inbox already saved answers 201 naming it in sameInbox", async () => {
  const user = await signedInUser();
  const stranger = await signedInUser();
  const first = await save(user, { email: "Jane.Doe@gmail.com" });
  await save(stranger, { email: "janedoe@gmail.com" });

  const saveAnswer = async (owner: User, email: string) => {
    const response = await call("/api/contacts", { token: owner.token, body: { email } });
    assert.equal(response.status, 201, response.text);
    return createdContactSchema.parse(response.json).sameInbox;
  };
  assert.deepEqual(await saveAnswer(user, "janedoe+news@googlemail.com"), { id: first.id, email: "Jane.Doe@gmail.com" });
  assert.equal(await saveAnswer(user, "jane.doe@example.com"), null, "other domains keep dots: another inbox");
  // Only the caller's own contacts count: the stranger's spelling is never named.
  assert.equal(await saveAnswer(await signedInUser(), "j.a.n.e.doe@gmail.com"), null);
});

Deno.test("saving the same address again, in any case, answers 409 Already saved to contacts", async () => {
  const user = await signedInUser();
  await save(user, { email: "dup@example.com" });
  assertError(
    await call("/api/contacts", { token: user.token, body: { email: "DUP@Example.com" } }),
    409,
    "Already saved to contacts",
  );
  // Another user may save the same address.
  await save(await signedInUser(), { email: "dup@example.com" });
});

Deno.test("field limits answer 400 naming the field and the rule", async () => {
  const user = await signedInUser();
  const cases: [Record<string, unknown>, string][] = [
    [{}, "email: Email is required"],
    [{ email: "not-an-email" }, "email: Please enter a valid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "email: Email must be at most 254 characters"],
    [{ email: `${"a".repeat(65)}@example.com` }, "email: Email's local part must be at most 64 characters"],
    [{ email: "a@example.com", firstName: "x".repeat(101) }, "firstName: First name must be at most 100 characters"],
    [{ email: "a@example.com", lastName: "x".repeat(101) }, "lastName: Last name must be at most 100 characters"],
    [{ email: "a@example.com", company: "x".repeat(101) }, "company: Company must be at most 100 characters"],
    [{ email: "a@example.com", position: "x".repeat(151) }, "position: Position must be at most 150 characters"],
    [{ email: "a@example.com", phone: "1".repeat(51) }, "phone: Phone must be at most 50 characters"],
    [{ email: "a@example.com", notes: "x".repeat(2001) }, "notes: Notes must be at most 2000 characters"],
    [{ email: "a@example.com", source: "scraped" }, "source: Source must be one of validation, discovery, bulk, manual"],
    [{ email: "a@example.com", sourceUrl: "javascript:alert(1)" }, "sourceUrl: Source URL must be an http or https URL"],
    [{ email: "a@example.com", firstName: 7 }, "firstName: First name must be text"],
  ];
  for (const [body, message] of cases) {
    assertError(await call("/api/contacts", { token: user.token, body }), 400, message);
  }
  // At the limits, everything is accepted.
  const contact = await save(user, {
    email: "a@example.com",
    firstName: "x".repeat(100),
    lastName: "x".repeat(100),
    company: "x".repeat(100),
    position: "x".repeat(150),
    phone: "1".repeat(50),
    notes: "x".repeat(2000),
  });
  assert.equal(contact.notes?.length, 2000);
  assertError(
    await call(`/api/contacts/${contact.id}`, { method: "PATCH", token: user.token, body: { notes: "x".repeat(2001) } }),
    400,
    "notes: Notes must be at most 2000 characters",
  );
  assertError(await call("/api/contacts", { token: user.token, rawBody: "{" }), 400, "Request body must be JSON");
});

Deno.test("PATCH changes only the given fields; empty clears; the email is read-only; listId moves it", async () => {
  const user = await signedInUser();
  const contact = await save(user, { email: "edit@example.com", firstName: "Ed", company: "Acme", notes: "n" });
  const list = await newList(user, "Leads");
  const response = await call(`/api/contacts/${contact.id}`, {
    method: "PATCH",
    token: user.token,
    body: { email: "EDIT@example.com", company: "", position: "CEO", listId: list },
  });
  assert.equal(response.status, 200, response.text);
  const edited = contactSchema.parse(response.json);
  assert.deepEqual(
    [edited.email, edited.firstName, edited.company, edited.position, edited.notes, edited.listId],
    ["edit@example.com", "Ed", null, "CEO", "n", list],
  );
  assertError(
    await call(`/api/contacts/${contact.id}`, { method: "PATCH", token: user.token, body: { email: "x@example.com" } }),
    400,
    "email: Email is read-only",
  );
  // listId null puts it back in General.
  const back = await call(`/api/contacts/${contact.id}`, { method: "PATCH", token: user.token, body: { listId: null } });
  assert.equal(contactSchema.parse(back.json).listId, await generalListId(user));
});

Deno.test("DELETE answers 204 and the contact is gone; a second delete answers 404", async () => {
  const user = await signedInUser();
  const contact = await save(user, { email: "gone@example.com" });
  const response = await call(`/api/contacts/${contact.id}`, { method: "DELETE", token: user.token });
  assert.equal(response.status, 204, response.text);
  assert.deepEqual((await contactsOf(user)).contacts, []);
  assertError(
    await call(`/api/contacts/${contact.id}`, { method: "DELETE", token: user.token }),
    404,
    "Contact not found",
  );
  // Saving the address again is allowed once it is deleted.
  await save(user, { email: "gone@example.com" });
});

Deno.test("another user's contact and list ids answer 404 and never their data; malformed ids 404", async () => {
  const owner = await signedInUser();
  const other = await signedInUser();
  const contact = await save(owner, { email: "private@example.com", notes: "secret" });
  const ownerList = await newList(owner, "Private");
  for (const id of [String(contact.id), "abc", "0", "-1", "1.5", "99999999999999999999"]) {
    assertError(
      await call(`/api/contacts/${id}`, { method: "PATCH", token: other.token, body: { notes: "mine" } }),
      404,
      "Contact not found",
    );
    assertError(await call(`/api/contacts/${id}`, { method: "DELETE", token: other.token }), 404, "Contact not found");
  }
  assertError(
    await call("/api/contacts", { token: other.token, body: { email: "x@example.com", listId: ownerList } }),
    404,
    "Contact list not found",
  );
  assertError(await call(`/api/contacts?listId=${ownerList}`, { token: other.token }), 404, "Contact list not found");
  const mine = await save(other, { email: "mine@example.com" });
  assertError(
    await call(`/api/contacts/${mine.id}`, { method: "PATCH", token: other.token, body: { listId: ownerList } }),
    404,
    "Contact list not found",
  );
  assertError(
    await call("/api/contacts/import", { token: other.token, body: { rows: [{ email: "y@example.com" }], listId: ownerList } }),
    404,
    "Contact list not found",
  );
  assert.deepEqual((await contactsOf(other)).contacts.map((c) => c.email), ["mine@example.com"]);
  assert.deepEqual((await contactsOf(owner)).contacts, [contact]);
});

Deno.test("q, listId, limit and offset narrow the list; X-Total-Count counts every match", async () => {
  const user = await signedInUser();
  const list = await newList(user, "Partners");
  await save(user, { email: "alice@alpha.test", firstName: "Alice", company: "Alpha 100%" });
  await save(user, { email: "bob@beta.test", lastName: "Builder", listId: list });
  await save(user, { email: "carol@alpha.test", firstName: "Carol", lastName: "Danvers", position: "Head of Sales", listId: list });
  const emails = async (query: string) => (await contactsOf(user, query)).contacts.map((c) => c.email);
  assert.deepEqual(await emails("?q=ALPHA"), ["carol@alpha.test", "alice@alpha.test"]);
  assert.deepEqual(await emails("?q=builder"), ["bob@beta.test"]);
  assert.deepEqual(await emails("?q=sales"), ["carol@alpha.test"]);
  assert.deepEqual(await emails("?q=carol%20DANVERS"), ["carol@alpha.test"]);
  assert.deepEqual(await emails("?q=%20sales%20%20alpha%20"), ["carol@alpha.test"], "every term, in any order");
  assert.deepEqual(await emails("?q=alpha%20builder"), []);
  assert.deepEqual(await emails("?q=100%25"), ["alice@alpha.test"]);
  assert.deepEqual(await emails("?q=_"), []);
  assert.deepEqual(await emails(`?listId=${list}`), ["carol@alpha.test", "bob@beta.test"]);
  assert.deepEqual(await emails(`?listId=${list}&q=bob`), ["bob@beta.test"]);
  assert.deepEqual(await contactsOf(user, "?limit=1&offset=1").then((p) => [p.contacts.map((c) => c.email), p.total]), [
    ["bob@beta.test"],
    3,
  ]);
  assert.equal((await contactsOf(user, "?offset=10")).total, 3);
  assertError(await call("/api/contacts?limit=501", { token: user.token }), 400, "limit: Limit must be at most 500");
  assertError(await call("/api/contacts?limit=0", { token: user.token }), 400, "limit: Limit must be at least 1");
  assertError(await call("/api/contacts?offset=-1", { token: user.token }), 400, "offset: Offset must be at least 0");
  assertError(await call("/api/contacts?limit=many", { token: user.token }), 400, "limit: Limit must be a number");
});

Deno.test("the unparameterised GET answers every contact; a limit pages them", async () => {
  const user = await signedInUser();
  const rows = Array.from({ length: 60 }, (_, i) => ({ email: `p${i}@example.com` }));
  const imported = await call("/api/contacts/import", { token: user.token, body: { rows } });
  assert.equal(imported.status, 200, imported.text);
  const all = await contactsOf(user);
  assert.deepEqual([all.contacts.length, all.total], [60, 60]);
  const page = await contactsOf(user, "?limit=50");
  assert.deepEqual([page.contacts.length, page.total], [50, 60]);
});

Deno.test("import counts imported, skipped, duplicates and errors with 1-based rows; source bulk", async () => {
  const user = await signedInUser();
  await save(user, { email: "Existing@example.com" });
  const list = await newList(user, "Imported");
  const response = await call("/api/contacts/import", {
    token: user.token,
    body: {
      listId: list,
      rows: [
        { email: "one@example.com", firstName: "One", lastName: "", company: "Co", position: "Dev", phone: "1", notes: "" },
        { email: "no-at-sign" },
        { email: "existing@EXAMPLE.com" },
        { email: "two@example.com", notes: "x".repeat(2001) },
        { email: "bad@" },
        { email: "ONE@example.com" },
        { firstName: "no email" },
        { email: " three@example.com ", position: "x".repeat(150) },
      ],
    },
  });
  assert.equal(response.status, 200, response.text);
  assert.deepEqual(importContactsResponseSchema.parse(response.json), {
    imported: 2,
    skipped: 2,
    duplicates: 2,
    errors: [
      { row: 4, message: "notes: Notes must be at most 2000 characters" },
      { row: 5, message: "email: Please enter a valid email address" },
    ],
  });
  const saved = (await contactsOf(user, `?listId=${list}`)).contacts;
  assert.deepEqual(saved.map((c) => [c.email, c.source, c.firstName, c.lastName]).sort(), [
    ["one@example.com", "bulk", "One", null],
    ["three@example.com", "bulk", null, null],
  ]);
  // Without listId, rows go to General.
  const again = await call("/api/contacts/import", { token: user.token, body: { rows: [{ email: "four@example.com" }] } });
  assert.deepEqual(again.json, { imported: 1, skipped: 0, duplicates: 0, errors: [] });
  assert.deepEqual(
    (await contactsOf(user, `?listId=${await generalListId(user)}`)).contacts.map((c) => c.email),
    ["four@example.com", "Existing@example.com"],
  );
});

Deno.test("import takes 1,000 rows in one call and refuses 1,001 or none", async () => {
  const user = await signedInUser();
  const rows = Array.from({ length: 1000 }, (_, i) => ({ email: `bulk${i}@example.com`, company: "Bulk" }));
  const response = await call("/api/contacts/import", { token: user.token, body: { rows } });
  assert.equal(response.status, 200, response.text);
  assert.deepEqual(response.json, { imported: 1000, skipped: 0, duplicates: 0, errors: [] });
  assert.equal((await contactsOf(user, "?limit=1")).total, 1000);
  assertError(
    await call("/api/contacts/import", { token: user.token, body: { rows: [...rows, { email: "x@example.com" }] } }),
    400,
    "rows: Rows must hold at most 1000 rows per request",
  );
  assertError(
    await call("/api/contacts/import", { token: user.token, body: { rows: [] } }),
    400,
    "rows: Rows must hold at least one row",
  );
  const repeated = await call("/api/contacts/import", { token: user.token, body: { rows: rows.slice(0, 10) } });
  assert.deepEqual(repeated.json, { imported: 0, skipped: 0, duplicates: 10, errors: [] });
});

Deno.test("an admin, whom the database lets read every contact, still sees and changes only their own here", async () => {
  const owner = await signedInUser();
  const contact = await save(owner, { email: "not-the-admins@example.com" });
  const login = await call("/api/login", { body: { username: "admin", password: "mailscout-admin-2026" } });
  assert.equal(login.status, 200, login.text);
  const token = login.headers.get("authorization")!.replace(/^Bearer /, "");
  const admin = { id: "", token };
  assert.ok(!(await contactsOf(admin, "?limit=500&q=not-the-admins")).contacts.some((c) => c.id === contact.id));
  assertError(
    await call(`/api/contacts/${contact.id}`, { method: "PATCH", token, body: { notes: "x" } }),
    404,
    "Contact not found",
  );
  assertError(await call(`/api/contacts/${contact.id}`, { method: "DELETE", token }), 404, "Contact not found");
  assertError(
    await call("/api/contacts", { token, body: { email: "admin-save@example.com", listId: contact.listId } }),
    404,
    "Contact list not found",
  );
  assertError(await call(`/api/contacts?listId=${contact.listId}`, { token }), 404, "Contact list not found");
});

Deno.test("concurrent PATCH and DELETE of the same contact answer 200, 204 or 404, never 5xx", async () => {
  const user = await signedInUser();
  for (let round = 0; round < 20; round++) {
    const contact = await save(user, { email: `race${round}@example.com` });
    const [patched, deleted] = await Promise.all([
      call(`/api/contacts/${contact.id}`, { method: "PATCH", token: user.token, body: { notes: `round ${round}` } }),
      call(`/api/contacts/${contact.id}`, { method: "DELETE", token: user.token }),
    ]);
    assert.ok([200, 404].includes(patched.status), `PATCH answered ${patched.status}: ${patched.text}`);
    assert.equal(deleted.status, 204, deleted.text);
  }
  // Whatever the order, the contacts are gone.
  assert.deepEqual(await contactsOf(user), { contacts: [], total: 0 });
});

Deno.test("an import cell that can't be stored (NUL, a lone surrogate) refuses only its row, named by number", async () => {
  const user = await signedInUser();
  const response = await call("/api/contacts/import", {
    token: user.token,
    body: {
      rows: [
        { email: "fine@example.com", notes: "ok" },
        { email: "nul@example.com", company: "Ac\u0000me" },
        { email: "surrogate@example.com", notes: "broken \ud800 text" },
        { email: "n\u0000ul@example.com" },
        { email: "also-fine@example.com" },
      ],
    },
  });
  assert.equal(response.status, 200, response.text);
  assert.deepEqual(importContactsResponseSchema.parse(response.json), {
    imported: 2,
    skipped: 0,
    duplicates: 0,
    errors: [
      { row: 2, message: "company: must not contain NUL characters or unpaired UTF-16 surrogates" },
      { row: 3, message: "notes: must not contain NUL characters or unpaired UTF-16 surrogates" },
      { row: 4, message: "email: must not contain NUL characters or unpaired UTF-16 surrogates" },
    ],
  });
  assert.deepEqual((await contactsOf(user)).contacts.map((c) => c.email).sort(), [
    "also-fine@example.com",
    "fine@example.com",
  ]);
});
