import assert from "node:assert/strict";
import { z } from "zod";
import { loginRequestSchema, registerRequestSchema } from "./accounts/index.ts";
import { describeAllIssues, describeFirstIssue } from "./zod-issues.ts";

const valid = { username: "ada", email: "ada@example.com", password: "correct horse" };

function firstIssue(schema: z.ZodType, input: unknown): string {
  const parsed = schema.safeParse(input);
  assert.equal(parsed.success, false, "expected the input to be rejected");
  return describeFirstIssue(parsed.error!);
}

Deno.test("a failure names the field, then the rule", () => {
  assert.equal(
    firstIssue(registerRequestSchema, { ...valid, password: "short" }),
    "password: Password must be at least 8 characters",
  );
  assert.equal(
    firstIssue(registerRequestSchema, { ...valid, username: "ab" }),
    "username: Username must be at least 3 characters",
  );
  assert.equal(
    firstIssue(registerRequestSchema, { ...valid, email: "not-an-address" }),
    "email: Please enter a valid email address",
  );
});

Deno.test("a missing field reads as required, not as a type error", () => {
  const { password: _, ...withoutPassword } = valid;
  assert.equal(firstIssue(registerRequestSchema, withoutPassword), "password: Password is required");
  assert.equal(firstIssue(loginRequestSchema, { password: "x" }), "username: Username is required");
});

Deno.test("only the first of several failures is described", () => {
  assert.equal(firstIssue(registerRequestSchema, { username: "", email: "x", password: "" }), "username: Username is required");
});

Deno.test("nested paths are joined with dots and a failure of the whole value has no field", () => {
  const schema = z.object({ address: z.object({ city: z.string({ error: "City is required" }) }) });
  assert.equal(firstIssue(schema, { address: {} }), "address.city: City is required");
  assert.equal(firstIssue(z.string({ error: "Text expected" }), 1), "Text expected");
});

Deno.test("describeAllIssues lists every failure", () => {
  const parsed = registerRequestSchema.safeParse({ ...valid, username: "ab", password: "short" });
  assert.equal(
    describeAllIssues(parsed.error!),
    "username: Username must be at least 3 characters; password: Password must be at least 8 characters",
  );
});
