// /api/contact-lists against the running stack: every user starts with General, lists are their owner's alone, and
// deleting a list moves its contacts to General; General itself cannot be deleted or stop being the default.
import assert from "node:assert/strict";
import { type ContactList, contactListSchema, contactSchema } from "../../../_shared/contacts/index.ts";
import { assertError, call, signedInUser } from "../../testing/stack.ts";

type User = { id: string; token: string };

async function listsOf(user: User): Promise<ContactList[]> {
  const response = await call("/api/contact-lists", { token: user.token });
  assert.equal(response.status, 200, response.text);
  return contactListSchema.array().parse(response.json);
}

async function create(user: User, body: Record<string, unknown>): Promise<ContactList> {
  const response = await call("/api/contact-lists", { token: user.token, body });
  assert.equal(response.status, 201, response.text);
  return contactListSchema.parse(response.json);
}

async function general(user: User): Promise<ContactList> {
  const response = await call("/api/contact-lists/default", { token: user.token });
  assert.equal(response.status, 200, response.text);
  return contactListSchema.parse(response.json);
}

Deno.test("every contact-list route answers 401 without a signed-in user", async () => {
  for (
    const [method, path, body] of [
      ["GET", "/api/contact-lists", undefined],
      ["GET", "/api/contact-lists/default", undefined],
      ["POST", "/api/contact-lists", { name: "x" }],
      ["PATCH", "/api/contact-lists/1", { name: "x" }],
      ["DELETE", "/api/contact-lists/1", undefined],
    ] as const
  ) {
    assertError(await call(path, { method, body }), 401, "Not authenticated");
  }
});

Deno.test("a new user has exactly one list, General, the default, blue", async () => {
  const user = await signedInUser();
  const lists = await listsOf(user);
  assert.equal(lists.length, 1);
  assert.deepEqual(
    [lists[0]!.name, lists[0]!.isDefault, lists[0]!.color],
    ["General", true, "#3B82F6"],
  );
  assert.deepEqual(await general(user), lists[0]);
});

Deno.test("POST creates a list (201, colour default #3B82F6, never the default); GET lists General first", async () => {
  const user = await signedInUser();
  const list = await create(user, { name: " Leads ", description: "", isDefault: false });
  assert.deepEqual([list.name, list.description, list.color, list.isDefault], ["Leads", null, "#3B82F6", false]);
  const red = await create(user, { name: "Alpha", description: "Warm", color: "#ff0000" });
  assert.deepEqual((await listsOf(user)).map((l) => l.name), ["General", "Alpha", "Leads"]);
  assert.equal(red.color, "#ff0000");
  assertError(
    await call("/api/contact-lists", { token: user.token, body: { name: "Second default", isDefault: true } }),
    400,
    "isDefault: Only General is the default list",
  );
});

Deno.test("list field limits answer 400 naming the field and the rule", async () => {
  const user = await signedInUser();
  const cases: [Record<string, unknown>, string][] = [
    [{}, "name: List name is required"],
    [{ name: "  " }, "name: List name is required"],
    [{ name: "x".repeat(101) }, "name: List name must be at most 100 characters"],
    [{ name: "x", color: "blue" }, "color: Colour must be a hex colour like #3B82F6"],
    [{ name: "x", color: "#12345" }, "color: Colour must be a hex colour like #3B82F6"],
    [{ name: "x", description: "x".repeat(1001) }, "description: Description must be at most 1000 characters"],
  ];
  for (const [body, message] of cases) {
    assertError(await call("/api/contact-lists", { token: user.token, body }), 400, message);
  }
  assert.equal((await create(user, { name: "x".repeat(100) })).name.length, 100);
});

Deno.test("PATCH renames and recolours; General keeps its name and stays the default", async () => {
  const user = await signedInUser();
  const list = await create(user, { name: "Old" });
  const response = await call(`/api/contact-lists/${list.id}`, {
    method: "PATCH",
    token: user.token,
    body: { name: "New", color: "#00AA00", description: "d" },
  });
  assert.equal(response.status, 200, response.text);
  const renamed = contactListSchema.parse(response.json);
  assert.deepEqual([renamed.name, renamed.color, renamed.description], ["New", "#00AA00", "d"]);
  assertError(
    await call(`/api/contact-lists/${list.id}`, { method: "PATCH", token: user.token, body: { isDefault: true } }),
    400,
    "isDefault: The default list, General, stays the default",
  );
  assertError(
    await call(`/api/contact-lists/${list.id}`, { method: "PATCH", token: user.token, body: { color: "red" } }),
    400,
    "color: Colour must be a hex colour like #3B82F6",
  );
  const defaultList = await general(user);
  assertError(
    await call(`/api/contact-lists/${defaultList.id}`, { method: "PATCH", token: user.token, body: { name: "Main" } }),
    400,
    "name: The default list is always named General",
  );
  assertError(
    await call(`/api/contact-lists/${defaultList.id}`, {
      method: "PATCH",
      token: user.token,
      body: { isDefault: false },
    }),
    400,
    "isDefault: The default list, General, stays the default",
  );
  const recoloured = await call(`/api/contact-lists/${defaultList.id}`, {
    method: "PATCH",
    token: user.token,
    body: { color: "#111111" },
  });
  assert.equal(contactListSchema.parse(recoloured.json).color, "#111111");
});

Deno.test("DELETE moves the list's contacts to General (204); General itself answers 400", async () => {
  const user = await signedInUser();
  const generalList = await general(user);
  const list = await create(user, { name: "Temporary" });
  const saved = await call("/api/contacts/import", {
    token: user.token,
    body: { listId: list.id, rows: [{ email: "a@example.com" }, { email: "b@example.com" }] },
  });
  assert.deepEqual(saved.json, { imported: 2, skipped: 0, duplicates: 0, errors: [] });
  const response = await call(`/api/contact-lists/${list.id}`, { method: "DELETE", token: user.token });
  assert.equal(response.status, 204, response.text);
  assert.deepEqual((await listsOf(user)).map((l) => l.name), ["General"]);
  const contacts = contactSchema.array().parse((await call("/api/contacts", { token: user.token })).json);
  assert.deepEqual(contacts.map((c) => c.listId), [generalList.id, generalList.id]);
  // The deleted list is gone for every route.
  assertError(await call(`/api/contact-lists/${list.id}`, { method: "DELETE", token: user.token }), 404, "Contact list not found");
  assertError(
    await call(`/api/contact-lists/${list.id}`, { method: "PATCH", token: user.token, body: { name: "Back" } }),
    404,
    "Contact list not found",
  );
  assertError(
    await call("/api/contacts", { token: user.token, body: { email: "c@example.com", listId: list.id } }),
    404,
    "Contact list not found",
  );
  assertError(
    await call(`/api/contact-lists/${generalList.id}`, { method: "DELETE", token: user.token }),
    400,
    "The default list, General, cannot be deleted",
  );
});

Deno.test("another user's list ids answer 404 and never their data; malformed ids 404", async () => {
  const owner = await signedInUser();
  const other = await signedInUser();
  const list = await create(owner, { name: "Owner's", description: "secret" });
  const ownerGeneral = await general(owner);
  for (const id of [String(list.id), String(ownerGeneral.id), "abc", "0", "-3", "1e3"]) {
    assertError(
      await call(`/api/contact-lists/${id}`, { method: "PATCH", token: other.token, body: { name: "Mine" } }),
      404,
      "Contact list not found",
    );
    assertError(await call(`/api/contact-lists/${id}`, { method: "DELETE", token: other.token }), 404, "Contact list not found");
  }
  assert.deepEqual((await listsOf(other)).map((l) => l.name), ["General"]);
  assert.notEqual((await general(other)).id, ownerGeneral.id);
  assert.deepEqual((await listsOf(owner)).map((l) => [l.name, l.description]), [
    ["General", "Contacts not filed in another list"],
    ["Owner's", "secret"],
  ]);
});

Deno.test("concurrent PATCH and DELETE of the same list answer 200, 204 or 404, never 5xx", async () => {
  const user = await signedInUser();
  for (let round = 0; round < 20; round++) {
    const list = await create(user, { name: `Race ${round}` });
    const [patched, deleted] = await Promise.all([
      call(`/api/contact-lists/${list.id}`, { method: "PATCH", token: user.token, body: { name: `Renamed ${round}` } }),
      call(`/api/contact-lists/${list.id}`, { method: "DELETE", token: user.token }),
    ]);
    assert.ok([200, 404].includes(patched.status), `PATCH answered ${patched.status}: ${patched.text}`);
    assert.equal(deleted.status, 204, deleted.text);
  }
  assert.deepEqual((await listsOf(user)).map((l) => l.name), ["General"]);
});
