import assert from "node:assert/strict";
import { ExpiringCache, memoise } from "./expiring-cache.ts";

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

Deno.test("memoise: a key is computed once, and a false answer is remembered like any other", () => {
  let computed = 0;
  const isLong = memoise(10, (key: string) => {
    computed++;
    return key.length > 5;
  });
  assert.equal(isLong("gmail.com"), true);
  assert.equal(isLong("gmail.com"), true);
  assert.equal(isLong("a.co"), false);
  assert.equal(isLong("a.co"), false);
  assert.equal(computed, 2);
});

Deno.test("memoise: past its capacity the least recently used key is forgotten first", () => {
  const seen: string[] = [];
  const echo = memoise(2, (key: string) => {
    seen.push(key);
    return key;
  });
  echo("a");
  echo("b");
  echo("a"); // a is now more recent than b
  echo("c"); // evicts b
  echo("a"); // still remembered
  echo("b"); // computed again
  assert.deepEqual(seen, ["a", "b", "c", "b"]);
  assert.throws(() => memoise(0, echo), RangeError);
});

// The old Map-based eviction stepped over every deleted entry at the Map's front, so each eviction cost more the more
// keys had gone before: 200,000 distinct keys through 20,000 places cost about a hundred times what the same keys
// cost with room for all. A ratio, measured in one run, so the machine's speed and load cancel out.
Deno.test("eviction costs about what an insertion costs, however many keys went before", () => {
  const keys = Array.from({ length: 200_000 }, (_, i) => `domain-${i}.test`);
  const perKey = (capacity: number) => {
    const cache = new ExpiringCache<string, number>(capacity);
    const started = performance.now();
    for (const key of keys) cache.set(key, 1, Infinity);
    return (performance.now() - started) / keys.length;
  };
  perKey(keys.length); // warm up the JIT on both paths
  perKey(20_000);
  const roomy = Math.min(perKey(keys.length), perKey(keys.length));
  const evicting = Math.min(perKey(20_000), perKey(20_000));
  assert.ok(evicting < roomy * 5, `evicting ${evicting.toFixed(3)} ms/key, with room ${roomy.toFixed(3)} ms/key`);
});
