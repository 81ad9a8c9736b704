// What the database refuses becomes a DomainError naming field and rule (answered 400/404/409), never a 500. In
// process: the running stack's contract checks the same limits first, so these refusals can't be provoked over HTTP.
import assert from "node:assert/strict";
import { refusedInput } from "../../../_shared/contacts/index.ts";
import { DomainError } from "../../../_shared/errors.ts";
import { answerFor } from "../../lib/errors.ts";

function refusal(error: object): [string, string] | unknown {
  const refused = refusedInput(error);
  return refused instanceof DomainError ? [refused.reason, answerFor(refused).message] : refused;
}

Deno.test("check violations name the field and the rule", () => {
  assert.deepEqual(refusal({ code: "23514", constraint_name: "saved_contacts_notes_length" }), [
    "invalid_input",
    "notes: Notes must be at most 2000 characters",
  ]);
  assert.deepEqual(refusal({ code: "23514", constraint_name: "contact_lists_color_hex" }), [
    "invalid_input",
    "color: Colour must be a hex colour like #3B82F6",
  ]);
  assert.deepEqual(
    refusal({ code: "23514", constraint_name: "saved_contacts_future_rule", message: "violates check" }),
    ["invalid_input", "future_rule: violates check"],
  );
});

Deno.test("the per-user address index is Already saved; lists not visible are not found", () => {
  assert.deepEqual(refusal({ code: "23505", constraint_name: "saved_contacts_user_email_key" }), [
    "already_saved",
    "Already saved to contacts",
  ]);
  assert.deepEqual(refusal({ code: "P0002", message: "Contact list not found" }), [
    "list_not_found",
    "Contact list not found",
  ]);
  assert.deepEqual(refusal({ code: "23503", constraint_name: "saved_contacts_list_fkey" }), [
    "list_not_found",
    "Contact list not found",
  ]);
  assert.deepEqual(refusal({ code: "42501", message: "The default list, General, cannot be deleted" }), [
    "default_list",
    "The default list, General, cannot be deleted",
  ]);
});

Deno.test("anything else is left for the API's 500 handler", () => {
  const outage = new Error("connection refused");
  assert.equal(refusedInput(outage), outage);
  const otherUnique = { code: "23505", constraint_name: "somewhere_else_key" };
  assert.equal(refusedInput(otherUnique), otherUnique);
});
