import assert from "node:assert/strict";
import { AccountError } from "./errors.ts";

Deno.test("a registration conflict does not say whether the username or the email address is in use", () => {
  const message = new AccountError("registration_conflict").message;
  assert.equal(message, "An account can't be created with these details. If you already have one, sign in.");
  assert.doesNotMatch(message, /username|email/i);
});

Deno.test("a failed sign-in says the same whatever was wrong", () => {
  assert.equal(new AccountError("invalid_credentials").message, "Invalid credentials");
});

Deno.test("a refused password carries the rule it broke", () => {
  assert.equal(new AccountError("invalid_details", "password: too short").message, "password: too short");
});
