import assert from "node:assert/strict";
import { AccountError } from "./errors.ts";

Deno.test("each account failure says what happened in the words issue #2 gives", () => {
  assert.equal(new AccountError("username_taken").message, "Username already taken");
  assert.equal(new AccountError("email_taken").message, "Email already registered");
  assert.equal(new AccountError("invalid_credentials").message, "Invalid credentials");
});
