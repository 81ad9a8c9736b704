import assert from "node:assert/strict";
import { passwordProblem } from "./password-rule.ts";

const identity = { username: "ada_lovelace", email: "ada@example.com" };

Deno.test("a long passphrase or a random password is accepted", () => {
  assert.equal(passwordProblem("mailscout-demo-2026", identity), null);
  assert.equal(passwordProblem("correct horse battery staple", identity), null);
  assert.equal(passwordProblem(`pw-${crypto.randomUUID()}`, identity), null);
});

Deno.test("fewer than 8 characters are refused for length, counted in characters", () => {
  assert.equal(passwordProblem("x7$kQ9z", identity)?.reason, "length");
  // Seven emoji are 28 bytes but still only seven characters.
  assert.equal(passwordProblem("😀".repeat(7), identity)?.reason, "length");
});

Deno.test("more than 72 bytes are refused, counted in UTF-8 bytes, not characters", () => {
  const seventyTwoBytes = "ÞäÇÕßÉÑàÍÛÂÖÆÏÈÔÝÁãÊÚÄÐÎØÅÌÓâÜËÒÙÀáÃ";
  assert.equal(new TextEncoder().encode(seventyTwoBytes).length, 72);
  assert.equal(passwordProblem(seventyTwoBytes, identity), null, "36 two-byte characters are exactly 72 bytes");
  const problem = passwordProblem("é".repeat(52), identity);
  assert.equal(problem?.reason, "bytes");
  assert.match(problem?.message ?? "", /at most 72 bytes/);
  assert.equal(passwordProblem("a".repeat(73), identity)?.reason, "bytes");
});

Deno.test("the account's own username or email address is refused, whatever its case", () => {
  assert.equal(passwordProblem("ADA_LOVELACE", identity)?.reason, "identity");
  assert.equal(passwordProblem("Ada@Example.com", identity)?.reason, "identity");
});

Deno.test("common and easily guessed passwords are refused", () => {
  for (const weak of ["password", "password1", "P@ssw0rd!", "letmein123", "qwertyuiop", "aaaaaaaaaaaa", "12345678"]) {
    assert.equal(passwordProblem(weak, identity)?.reason, "common", weak);
  }
});

Deno.test("a password built from the username is refused as easy to guess", () => {
  assert.equal(passwordProblem("ada_lovelace1", identity)?.reason, "common");
});
