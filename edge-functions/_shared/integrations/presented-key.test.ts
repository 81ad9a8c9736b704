import assert from "node:assert/strict";
import { presentedKey } from "./presented-key.ts";

const KEY = "msk_0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefg123456";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
const url = (query = "") => new URL(`https://example.com/api/integrations/validate-email${query}`);

Deno.test("a key is read from the bearer token, else from X-API-Key", () => {
  assert.deepEqual(presentedKey({ bearer: KEY, apiKeyHeader: undefined, url: url() }), { kind: "key", key: KEY });
  assert.deepEqual(presentedKey({ bearer: null, apiKeyHeader: ` ${KEY} `, url: url() }), { kind: "key", key: KEY });
  assert.deepEqual(presentedKey({ bearer: KEY, apiKeyHeader: "msk_other", url: url() }), { kind: "key", key: KEY });
});

Deno.test("no key, or an empty X-API-Key, is a missing key", () => {
  assert.deepEqual(presentedKey({ bearer: null, apiKeyHeader: undefined, url: url() }), { kind: "missing" });
  assert.deepEqual(presentedKey({ bearer: null, apiKeyHeader: "  ", url: url() }), { kind: "missing" });
});

Deno.test("a JWT in either header is a sign-in token, not a key", () => {
  assert.deepEqual(presentedKey({ bearer: JWT, apiKeyHeader: undefined, url: url() }), { kind: "sign_in_token" });
  assert.deepEqual(presentedKey({ bearer: null, apiKeyHeader: JWT, url: url() }), { kind: "sign_in_token" });
  // Dots alone do not make a JWT: a mangled key is still a key, refused later as invalid.
  assert.deepEqual(presentedKey({ bearer: "msk_a.b.c", apiKeyHeader: undefined, url: url() }), {
    kind: "key",
    key: "msk_a.b.c",
  });
});

Deno.test("api_key, key or apikey in the query, in any case and with any value, is a key in the URL", () => {
  for (const query of ["?api_key=x", "?key=", "?APIKEY=msk_1", "?a=1&Key=2"]) {
    assert.deepEqual(presentedKey({ bearer: KEY, apiKeyHeader: undefined, url: url(query) }), { kind: "in_query" }, query);
  }
  assert.deepEqual(presentedKey({ bearer: KEY, apiKeyHeader: undefined, url: url("?jobId=1&keys=2") }), {
    kind: "key",
    key: KEY,
  });
});
