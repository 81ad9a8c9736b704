import assert from "node:assert/strict";
import { BoundedCache } from "./bounded-cache.ts";

Deno.test("a cached key is computed once", () => {
  const cache = new BoundedCache<string, number>(10);
  let computed = 0;
  const length = (key: string) => {
    computed++;
    return key.length;
  };
  assert.equal(cache.getOrCompute("gmail.com", length), 9);
  assert.equal(cache.getOrCompute("gmail.com", length), 9);
  assert.equal(computed, 1);
});

Deno.test("past its capacity the cache forgets its oldest key first and never grows", () => {
  const cache = new BoundedCache<string, string>(2);
  const seen: string[] = [];
  const echo = (key: string) => {
    seen.push(key);
    return key;
  };
  cache.getOrCompute("a", echo);
  cache.getOrCompute("b", echo);
  cache.getOrCompute("c", echo); // evicts a
  assert.equal(cache.size, 2);
  cache.getOrCompute("b", echo); // still cached
  cache.getOrCompute("a", echo); // computed again, evicts b
  assert.deepEqual(seen, ["a", "b", "c", "a"]);
  assert.equal(cache.size, 2);
});

Deno.test("a false or null answer is cached like any other", () => {
  const cache = new BoundedCache<string, boolean | null>(5);
  let computed = 0;
  const no = () => {
    computed++;
    return computed === 1 ? false : null;
  };
  assert.equal(cache.getOrCompute("x", no), false);
  assert.equal(cache.getOrCompute("x", no), false);
  assert.equal(computed, 1);
});

Deno.test("a capacity below one is refused", () => {
  assert.throws(() => new BoundedCache(0), RangeError);
  assert.throws(() => new BoundedCache(1.5), RangeError);
});
