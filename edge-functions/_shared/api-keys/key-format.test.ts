import assert from "node:assert/strict";
import { API_KEY_LENGTH, API_KEY_PREFIX } from "./contract.ts";
import { apiKeyChecksum, apiKeyHash, isWellFormedApiKey } from "./key-format.ts";
import { keyFormatCases } from "./testing/key-format-cases.ts";

Deno.test("each shared case is well-formed exactly when the fixture says (the database made the good ones)", () => {
  assert.ok(keyFormatCases.length >= 20);
  assert.ok(keyFormatCases.filter((c) => c.wellFormed).length >= 8);
  for (const { key, wellFormed, why } of keyFormatCases) {
    assert.equal(isWellFormedApiKey(key), wellFormed, `${JSON.stringify(key)}: ${why}`);
  }
});

Deno.test("a well-formed key's hash is the one the database stores for it", () => {
  for (const { key, hash } of keyFormatCases.filter((c) => c.wellFormed)) {
    assert.match(apiKeyHash(key), /^[0-9a-f]{64}$/);
    assert.equal(apiKeyHash(key), hash);
  }
});

Deno.test("a key is the prefix, 43 body characters and the checksum of the two", () => {
  for (const { key } of keyFormatCases.filter((c) => c.wellFormed)) {
    assert.equal(key.length, API_KEY_LENGTH);
    assert.ok(key.startsWith(API_KEY_PREFIX));
    assert.equal(apiKeyChecksum(key.slice(0, API_KEY_LENGTH - 6)), key.slice(-6));
  }
});
