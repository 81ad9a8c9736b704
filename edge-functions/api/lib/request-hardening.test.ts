// What the running stack answers to requests no form would send: bodies over their limit (413, declared or chunked),
// text PostgreSQL can't store in a body, query or path (400 naming the field, never 500), and the security headers
// every answer carries.
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { connect } from "node:net";
import { contentSecurityPolicy, PERMISSIONS_POLICY } from "../../_shared/contracts/security-headers.ts";
import { UNSTORABLE_TEXT_MESSAGE } from "../../_shared/contracts/text.ts";
import { assertError, call, gateway, requiredEnv, signedInUser } from "../testing/stack.ts";

const MB = 1024 * 1024;

/** A body that never ends on its own: what a client streaming a huge upload sends. */
function endlessJson(): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
  let first = true;
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(first ? new TextEncoder().encode('{"email":"') : chunk);
      first = false;
    },
  });
}

/** Sends a body and reads the answer; the server may close the connection before taking it all. */
async function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${gateway}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return { status: response.status, json: await response.json() };
}

Deno.test("a JSON body over 1 MB answers 413 with the limit, declared or chunked, signed in or not", async () => {
  const big = JSON.stringify({ username: "x".repeat(MB), password: "y" });
  assert.deepEqual(await post("/api/login", big), {
    status: 413,
    json: { message: "Request body too large: at most 1 MB." },
  });
  // No Content-Length: the body arrives chunked and never ends; the answer comes anyway.
  assert.deepEqual(await post("/api/validate-email", endlessJson()), {
    status: 413,
    json: { message: "Request body too large: at most 1 MB." },
  });
  const user = await signedInUser();
  assert.deepEqual(
    await post("/api/contacts", JSON.stringify({ email: "a@example.com", notes: "n".repeat(MB) }), {
      authorization: `Bearer ${user.token}`,
    }),
    { status: 413, json: { message: "Request body too large: at most 1 MB." } },
  );
});

Deno.test("the import takes more than 1 MB and answers 413 over 10 MB, declared or chunked", async () => {
  const user = await signedInUser();
  const auth = { authorization: `Bearer ${user.token}` };
  // 800 rows of 1,900-character notes: about 1.6 MB, a batch a real CSV makes.
  const rows = Array.from({ length: 800 }, (_, i) => ({ email: `big${i}@example.com`, notes: "n".repeat(1900) }));
  const accepted = await post("/api/contacts/import", JSON.stringify({ rows }), auth);
  assert.deepEqual(accepted, { status: 200, json: { imported: 800, skipped: 0, duplicates: 0, errors: [] } });

  const tooLarge = JSON.stringify({ rows: [{ email: "a@example.com", notes: "n".repeat(10 * MB) }] });
  assert.deepEqual(await post("/api/contacts/import", tooLarge, auth), {
    status: 413,
    json: { message: "Request body too large: at most 10 MB." },
  });
  assert.deepEqual(await post("/api/contacts/import", endlessJson(), auth), {
    status: 413,
    json: { message: "Request body too large: at most 10 MB." },
  });
});

Deno.test("a header section over 16 kB answers 431, not a reset connection", async () => {
  const { hostname, port } = new URL(gateway);
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET /api/anonymous/session HTTP/1.1\r\nHost: ${hostname}\r\nX-Big: ${"a".repeat(1024 * 1024)}\r\n\r\n`);
    });
    let received = "";
    socket.on("data", (data: Buffer) => (received += data.toString("latin1")));
    socket.on("end", () => resolve(received));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
  });
  assert.match(answer, /^HTTP\/1\.1 431 /);
  assert.match(answer, /\{"message":"Request headers too large: at most 16 kB\."\}/);
});

const nul = (text: string) => `${text}\u0000`;
const unstorable = (field: string) => `${field}: ${UNSTORABLE_TEXT_MESSAGE}`;

Deno.test("NUL or a lone surrogate in any text field of a body answers 400 naming the field", async () => {
  const user = await signedInUser();
  const token = user.token;
  const list = await call("/api/contact-lists", { token, body: { name: "Lists" } });
  const listId = (list.json as { id: number }).id;
  const contact = await call("/api/contacts", { token, body: { email: "person@example.com" } });
  const contactId = (contact.json as { id: number }).id;
  const cases: [string, string, Record<string, unknown>, string][] = [
    ["POST", "/api/login", { username: nul("someone"), password: "whatever-password" }, "username"],
    ["POST", "/api/login", { username: "someone", password: nul("whatever-password") }, "password"],
    ["POST", "/api/register", { username: "ok_name", email: "ok@example.com", password: "pw\ud800-long-enough" }, "password"],
    ["POST", "/api/register", { username: nul("name"), email: "ok@example.com", password: "long-enough-1" }, "username"],
    ["POST", "/api/validate-email", { email: nul("a@example.com") }, "email"],
    ["POST", "/api/scrape-domain", { domain: nul("example.com") }, "domain"],
    ["POST", "/api/contacts", { email: "b@example.com", firstName: nul("Ann") }, "firstName"],
    ["POST", "/api/contacts", { email: "b@example.com", lastName: "\udc00" }, "lastName"],
    ["POST", "/api/contacts", { email: "b@example.com", company: nul("Acme") }, "company"],
    ["POST", "/api/contacts", { email: "b@example.com", position: nul("Boss") }, "position"],
    ["POST", "/api/contacts", { email: "b@example.com", phone: nul("1") }, "phone"],
    ["POST", "/api/contacts", { email: "b@example.com", notes: nul("n") }, "notes"],
    ["POST", "/api/contacts", { email: nul("b@example.com") }, "email"],
    ["POST", "/api/contacts", { email: "b@example.com", sourceUrl: nul("https://example.com") }, "sourceUrl"],
    ["PATCH", `/api/contacts/${contactId}`, { notes: nul("n") }, "notes"],
    ["PATCH", `/api/contacts/${contactId}`, { email: nul("person@example.com") }, "email"],
    ["POST", "/api/contact-lists", { name: nul("List") }, "name"],
    ["POST", "/api/contact-lists", { name: "List", description: nul("d") }, "description"],
    ["PATCH", `/api/contact-lists/${listId}`, { name: "\ud800" }, "name"],
    ["PATCH", `/api/contact-lists/${listId}`, { color: nul("#3B82F6") }, "color"],
    ["POST", "/api/anonymous/update-usage", { sessionId: nul("a".repeat(20)) }, "sessionId"],
  ];
  for (const [method, path, body, field] of cases) {
    assertError(await call(path, { method, body, token }), 400, unstorable(field));
  }
});

Deno.test("NUL in a query or path answers 400 naming it, never 500", async () => {
  const { token } = await signedInUser();
  assertError(await call("/api/contacts?q=%00", { token }), 400, unstorable("q"));
  assertError(await call("/api/contacts?q=acme%00sales", { token }), 400, unstorable("q"));
  assertError(await call("/api/contacts?listId=1%00", { token }), 400, unstorable("listId"));
  assertError(await call("/api/admin/system-popups/upgrade%00limit"), 400, unstorable("path"));
  assertError(await call("/api/admin/system-popups/%00"), 400, unstorable("path"));
  // A NUL beside bytes that are not UTF-8, which the router still decodes to a NUL.
  assertError(await call("/api/admin/system-popups/%00'%ED%A0%80"), 400, unstorable("path"));
  assertError(await call("/api/anonymous/check-limits/%00"), 400, unstorable("path"));
  assertError(await call("/api/contacts/1%00", { method: "DELETE", token }), 400, unstorable("path"));
  assertError(await call("/api/contact-lists/%00", { method: "PATCH", token, body: { name: "x" } }), 400, unstorable("path"));
  // Not UTF-8 once decoded is no NUL: the route answers as it would for any unknown popup.
  assertError(await call("/api/admin/system-popups/%FF"), 404, "Popup not found");
});

Deno.test("every api answer carries the security headers; HSTS only when the client came over https", async () => {
  const supabaseUrl = requiredEnv("SUPABASE_URL");
  const { token } = await signedInUser();
  for (
    const response of [
      await call("/api/contacts", { token }),
      await call("/api/contacts"),
      await call("/api/no-such-route"),
      await call("/api/login", { body: { username: "" } }),
    ]
  ) {
    const headers = response.headers;
    assert.equal(headers.get("content-security-policy"), contentSecurityPolicy(supabaseUrl), response.text);
    const csp = headers.get("content-security-policy")!;
    assert.match(csp, /script-src 'self';/);
    assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.match(csp, new RegExp(`connect-src 'self' ${new URL(supabaseUrl).origin} ws://${new URL(supabaseUrl).host}`));
    assert.equal(headers.get("x-content-type-options"), "nosniff");
    assert.equal(headers.get("referrer-policy"), "strict-origin-when-cross-origin");
    assert.equal(headers.get("permissions-policy"), PERMISSIONS_POLICY);
    assert.equal(headers.get("strict-transport-security"), null);
  }
  const overHttps = await call("/api/contacts", { token, headers: { "x-forwarded-proto": "https" } });
  assert.equal(overHttps.headers.get("strict-transport-security"), "max-age=63072000; includeSubDomains");
});
