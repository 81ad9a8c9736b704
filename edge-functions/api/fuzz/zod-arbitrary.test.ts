// The fuzz layer's arbitraries follow the contracts: plain values mostly pass each route's schema (so fuzzed requests
// reach the domain code), mutated ones often break it, and some carry what PostgreSQL cannot store. Pure: no stack.
import assert from "node:assert/strict";
import fc from "fast-check";
import type { z } from "zod";
import { createContactListRequestSchema } from "../../_shared/contracts/contacts.ts";
import { REQUEST_CONTRACTS } from "./targets.ts";
import { arbitraryOf } from "./zod-arbitrary.ts";

const SAMPLES = 300;

function passing(schema: z.ZodType, mutate: boolean): { share: number; values: unknown[] } {
  const values = fc.sample(arbitraryOf(schema, { mutate }), { seed: 9, numRuns: SAMPLES });
  return { share: values.filter((value) => schema.safeParse(value).success).length / SAMPLES, values };
}

for (const [name, schema] of Object.entries(REQUEST_CONTRACTS)) {
  Deno.test(`${name}: a fifth or more of the plain values pass it, and mutated values pass less often`, () => {
    const plain = passing(schema, false).share;
    const mutated = passing(schema, true).share;
    assert.ok(plain >= 0.2, `only ${(plain * 100).toFixed(0)}% of plain values pass ${name}`);
    assert.ok(mutated < plain, `mutated values pass ${name} as often as plain ones (${mutated} ≥ ${plain})`);
  });
}

Deno.test("mutated bodies carry NUL bytes and lone surrogates inside otherwise valid fields", () => {
  const { values } = passing(createContactListRequestSchema, true);
  const texts = values.map((value) => JSON.stringify(value) ?? "");
  assert.ok(texts.some((text) => text.includes("\\u0000")), "no NUL byte in any mutated body");
  assert.ok(texts.some((text) => /\\ud[89ab]/.test(text)), "no lone surrogate in any mutated body");
});
