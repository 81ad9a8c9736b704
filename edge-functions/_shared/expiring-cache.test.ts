import assert from "node:assert/strict";
import { ExpiringCache } from "./expiring-cache.ts";

Deno.test("an entry is served until its expiry, and dropped at it", () => {
  const cache = new ExpiringCache<string, string>(10);
  cache.set("a", "first", 1_000);
  assert.equal(cache.get("a", 999), "first");
  assert.equal(cache.get("a", 1_000), undefined);
  assert.equal(cache.size, 0);
});

Deno.test("when full, the least recently used entry goes first", () => {
  const cache = new ExpiringCache<string, number>(2);
  cache.set("a", 1, 10_000);
  cache.set("b", 2, 10_000);
  cache.get("a", 0); // a is now more recent than b
  cache.set("c", 3, 10_000);
  assert.equal(cache.size, 2);
  assert.equal(cache.get("a", 0), 1);
  assert.equal(cache.get("b", 0), undefined);
  assert.equal(cache.get("c", 0), 3);
});

Deno.test("setting a key again replaces its entry and its expiry without growing", () => {
  const cache = new ExpiringCache<string, string>(2);
  cache.set("a", "old", 10);
  cache.set("a", "new", 20);
  assert.equal(cache.size, 1);
  assert.equal(cache.get("a", 15), "new");
});

Deno.test("a deleted key is gone at once", () => {
  const cache = new ExpiringCache<string, string>(2);
  cache.set("a", "value", 10_000);
  assert.equal(cache.delete("a"), true);
  assert.equal(cache.get("a", 0), undefined);
  assert.equal(cache.delete("a"), false);
});

Deno.test("the capacity must be a positive integer", () => {
  assert.throws(() => new ExpiringCache(0), RangeError);
  assert.throws(() => new ExpiringCache(1.5), RangeError);
});
