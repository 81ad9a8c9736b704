import assert from "node:assert/strict";
import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError } from "@supabase/supabase-js";
import { isSessionAlreadyEnded, isWrongCredentials } from "./auth-failures.ts";

Deno.test("Auth's invalid_credentials is a wrong username or password", () => {
  assert.equal(isWrongCredentials(new AuthApiError("Invalid login credentials", 400, "invalid_credentials")), true);
});

Deno.test("other Auth failures at sign-in are not blamed on the credentials", () => {
  assert.equal(isWrongCredentials(new AuthApiError("Email not confirmed", 400, "email_not_confirmed")), false);
  assert.equal(isWrongCredentials(new AuthRetryableFetchError("Service unavailable", 503)), false);
  assert.equal(isWrongCredentials(new Error("invalid_credentials")), false);
  assert.equal(isWrongCredentials(null), false);
});

Deno.test("a session Auth no longer knows is already ended", () => {
  assert.equal(isSessionAlreadyEnded(new AuthSessionMissingError()), true);
  assert.equal(isSessionAlreadyEnded(new AuthApiError("Session not found", 403, "session_not_found")), true);
  assert.equal(isSessionAlreadyEnded(new AuthApiError("User not found", 404, "user_not_found")), true);
  assert.equal(isSessionAlreadyEnded(new AuthApiError("No bearer", 401, "no_authorization")), true);
});

Deno.test("Auth failing is not the session being over", () => {
  assert.equal(isSessionAlreadyEnded(new AuthRetryableFetchError("Bad gateway", 502)), false);
  assert.equal(isSessionAlreadyEnded(new AuthApiError("Unexpected failure", 500, "unexpected_failure")), false);
});
