import assert from "node:assert/strict";
import { inferEmailPattern } from "./email-pattern.ts";

const named = (pairs: [string, string][]) => pairs.map(([local, name]) => ({ local, name }));

const single: [string, string, string][] = [
  ["ann.lee", "Ann Lee", "{first}.{last}"],
  ["ann", "Ann Lee", "{first}"],
  ["alee", "Ann Lee", "{f}{last}"],
  ["annlee", "Ann Lee", "{first}{last}"],
  ["ann_lee", "Ann Lee", "{first}_{last}"],
  ["a.lee", "Ann Lee", "{f}.{last}"],
  ["lee", "Ann Lee", "{last}"],
  ["ann-lee", "Ann Lee", "{first}-{last}"],
  ["lee.ann", "Ann Lee", "{last}.{first}"],
  ["annl", "Ann Lee", "{first}{l}"],
  ["leea", "Ann Lee", "{last}{f}"],
  ["al", "Ann Lee", "{f}{l}"],
  ["juergen.weiss", "Jürgen Weiß", "{first}.{last}"],
  ["jose.nunez", "José Núñez", "{first}.{last}"],
  ["ana.delacruz", "Ana de la Cruz", "{first}.{last}"],
  ["fatima.elidrissi", "Fatima Zahra El Idrissi", "{first}.{last}"],
  ["mary.smith-jones", "Mary Smith-Jones", "{first}.{last}"],
];
for (const [local, name, pattern] of single) {
  Deno.test(`${local}@ for ${name} follows ${pattern}`, () =>
    assert.deepEqual(inferEmailPattern(named([[local, name]])), { pattern, confidence: 1, samples: 1 }));
}

Deno.test("the share of named addresses that follow the most used pattern", () => {
  assert.deepEqual(
    inferEmailPattern(named([
      ["ann.lee", "Ann Lee"],
      ["bo.chen", "Bo Chen"],
      ["carla.diaz", "Carla Diaz"],
      ["dking", "Dan King"],
    ])),
    { pattern: "{first}.{last}", confidence: 0.75, samples: 4 },
  );
});

Deno.test("role mailboxes, one-word names and unmatched mailboxes", () => {
  assert.equal(inferEmailPattern(named([["info", "Ann Lee"], ["ann", "Ann"]])), null);
  assert.deepEqual(inferEmailPattern(named([["ann.lee", "Ann Lee"], ["xyz123", "Bo Chen"]])), {
    pattern: "{first}.{last}",
    confidence: 0.5,
    samples: 2,
  });
  assert.equal(inferEmailPattern([]), null);
});

Deno.test("a tie goes to the more common pattern", () => {
  assert.deepEqual(inferEmailPattern(named([["ann", "Ann Lee"], ["bo.chen", "Bo Chen"]])), {
    pattern: "{first}.{last}",
    confidence: 0.5,
    samples: 2,
  });
});
