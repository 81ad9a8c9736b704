import assert from "node:assert/strict";
import { newDiscountCode } from "./discount-code.ts";

Deno.test("a discount code says 20% and carries ten unambiguous random symbols", () => {
  assert.match(newDiscountCode(), /^MS20-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{10}$/);
});

Deno.test("codes do not repeat", () => {
  const codes = new Set(Array.from({ length: 10_000 }, newDiscountCode));
  assert.equal(codes.size, 10_000);
});
