import assert from "node:assert/strict";
import { LookupMemoryCache } from "./memory-cache.ts";

const notFound = { kind: "not_found" } as const;

Deno.test("an entry is served until its expiry, and dropped at it", () => {
  const cache = new LookupMemoryCache(10);
  cache.set("a.test", { lookup: notFound, expiresAtMs: 1_000 });
  assert.deepEqual(cache.get("a.test", 999)?.lookup, notFound);
  assert.equal(cache.get("a.test", 1_000), undefined);
  assert.equal(cache.size, 0);
});

Deno.test("when full, the least recently used entry goes first", () => {
  const cache = new LookupMemoryCache(2);
  cache.set("a.test", { lookup: notFound, expiresAtMs: 10_000 });
  cache.set("b.test", { lookup: notFound, expiresAtMs: 10_000 });
  cache.get("a.test", 0); // a is now more recent than b
  cache.set("c.test", { lookup: notFound, expiresAtMs: 10_000 });
  assert.equal(cache.size, 2);
  assert.ok(cache.get("a.test", 0));
  assert.equal(cache.get("b.test", 0), undefined);
  assert.ok(cache.get("c.test", 0));
});

Deno.test("setting a domain again replaces its entry without growing", () => {
  const cache = new LookupMemoryCache(2);
  cache.set("a.test", { lookup: notFound, expiresAtMs: 10 });
  cache.set("a.test", { lookup: { kind: "null_mx" }, expiresAtMs: 20 });
  assert.equal(cache.size, 1);
  assert.deepEqual(cache.get("a.test", 15)?.lookup, { kind: "null_mx" });
});

Deno.test("the capacity must be a positive integer", () => {
  assert.throws(() => new LookupMemoryCache(0), RangeError);
  assert.throws(() => new LookupMemoryCache(1.5), RangeError);
});
