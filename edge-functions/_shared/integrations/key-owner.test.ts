import assert from "node:assert/strict";
import { KEY_CLAIMS_SECONDS, keyOwner } from "./key-owner.ts";

Deno.test("a key's call runs as its owner: the authenticated role, claims naming them, lasting the request only", () => {
  const userId = crypto.randomUUID();
  const keyId = crypto.randomUUID();
  const now = Date.UTC(2026, 0, 2, 3, 4, 5);
  const owner = keyOwner(userId, keyId, now);
  assert.equal(owner.userId, userId);
  const { claims } = owner;
  assert.equal(claims.sub, userId);
  assert.equal(claims.role, "authenticated");
  assert.equal(claims.exp, now / 1000 + KEY_CLAIMS_SECONDS);
  assert.equal(claims.api_key_id, keyId);
});
