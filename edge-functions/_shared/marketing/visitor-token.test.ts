import assert from "node:assert/strict";
import { readVisitorToken, signVisitorToken, VISITOR_TOKEN_DAYS } from "./visitor-token.ts";

const SECRET = "worker-secret-for-tests";
const visitor = { userId: null, sessionId: "s".repeat(32), page: "/pricing" };

Deno.test("a signed token names its visitor and page", async () => {
  assert.deepEqual(await readVisitorToken(await signVisitorToken(visitor, SECRET), SECRET), visitor);
});

Deno.test("an altered token, another key's or an expired one names nobody", async () => {
  const token = await signVisitorToken(visitor, SECRET);
  const [body, signature] = token.split(".");
  const forged = btoa(JSON.stringify({ u: "someone", s: null, p: "/", e: 9999999999 })).replace(/=+$/, "");
  assert.equal(await readVisitorToken(`${forged}.${signature}`, SECRET), null);
  assert.equal(await readVisitorToken(`${body}.${signature}x`, SECRET), null);
  assert.equal(await readVisitorToken(token, "another secret"), null);
  const later = Date.now() + (VISITOR_TOKEN_DAYS + 1) * 86_400_000;
  assert.equal(await readVisitorToken(token, SECRET, later), null);
  assert.equal(await readVisitorToken(undefined, SECRET), null);
  assert.equal(await readVisitorToken("no-dot", SECRET), null);
});
