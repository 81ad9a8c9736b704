import assert from "node:assert/strict";
import type { z } from "zod";
import { loginRequestSchema, registerRequestSchema, usernameSchema } from "./contract.ts";

const account = { username: "ada_lovelace", email: "ada@example.com", password: "mailscout-demo-2026" };

function refusal(input: unknown, schema: z.ZodType = registerRequestSchema): string | undefined {
  const parsed = schema.safeParse(input);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

Deno.test("a username is 3 to 30 of A-Z a-z 0-9 . _ -", () => {
  for (const name of ["ada", "Ada.Love-lace_2", "x".repeat(30)]) assert.equal(usernameSchema.parse(name), name);
  assert.equal(refusal({ ...account, username: "ab" }), "Username must be at least 3 characters");
  assert.equal(refusal({ ...account, username: "x".repeat(31) }), "Username must be at most 30 characters");
  for (const name of ["josé", "two words", "semi;colon", "ümlaut"]) {
    assert.equal(refusal({ ...account, username: name }), "Username may contain only letters A-Z, digits, dots, hyphens and underscores");
  }
});

Deno.test("a username never contains \"@\", so it can never be someone's email address", () => {
  assert.equal(
    refusal({ ...account, username: "someone@example.com" }),
    'Username can\'t contain "@"; sign in with your email address instead',
  );
});

Deno.test("a password is counted in UTF-8 bytes: 52 accented letters are too long for bcrypt", () => {
  assert.equal(
    refusal({ ...account, password: "é".repeat(52) }),
    "Password must be at most 72 bytes (accented letters and symbols take 2 to 4 bytes each)",
  );
  assert.equal(refusal({ ...account, password: "é".repeat(36) }), undefined, "72 bytes fit");
  assert.equal(
    refusal({ username: "ada", password: "é".repeat(52) }, loginRequestSchema),
    "Password must be at most 72 bytes (accented letters and symbols take 2 to 4 bytes each)",
  );
});

Deno.test("a password may not be the username or the email address, in any case", () => {
  const expected = "Password must not be your username or email address";
  assert.equal(refusal({ ...account, password: "ADA_LOVELACE" }), expected);
  assert.equal(refusal({ ...account, password: "Ada@Example.com" }), expected);
  const parsed = registerRequestSchema.safeParse({ ...account, password: "ada@example.com" });
  assert.deepEqual(parsed.error?.issues[0]?.path, ["password"]);
});

Deno.test("a password's minimum counts characters as the server's rule does, so the form and the server agree", () => {
  assert.equal(refusal({ ...account, password: "😀".repeat(7) }), "Password must be at least 8 characters");
  assert.equal(refusal({ ...account, password: "😀".repeat(8) }), undefined);
});
