// The meter's refusal raised inside a larger SQL function, read back as the DomainError the api answers with a 402.
import assert from "node:assert/strict";
import { DomainError } from "../errors.ts";
import { creditsNeededRefusal } from "./metering.ts";

Deno.test("P0402 credits_needed becomes credits_needed with the balance from DETAIL", () => {
  const refusal = creditsNeededRefusal({ code: "P0402", message: "credits_needed", detail: "37" }, "bulk_row");
  assert.ok(refusal instanceof DomainError);
  assert.equal(refusal.reason, "credits_needed");
  assert.deepEqual(refusal.details, { work: "bulk_row", balance: 37 });
});

Deno.test("a DETAIL that is not a number is a balance of 0, not a failure of its own", () => {
  const refusal = creditsNeededRefusal({ code: "P0402", message: "credits_needed" }, "bulk_row");
  assert.deepEqual(refusal?.details, { work: "bulk_row", balance: 0 });
});

Deno.test("other refusals are not the meter's", () => {
  assert.equal(creditsNeededRefusal({ code: "P0409", message: "credits_needed" }, "validation"), null);
  assert.equal(creditsNeededRefusal({ code: "P0402", message: "payment_required" }, "validation"), null);
  assert.equal(creditsNeededRefusal({ code: "23505" }, "validation"), null);
});
