// The words the one error table gives domain failures, in process.
import assert from "node:assert/strict";
import { Hono } from "hono";
import { DomainError } from "../../_shared/errors.ts";
import { answerFor, onError } from "./errors.ts";

Deno.test("a registration conflict does not say whether the username or the email address is in use", () => {
  const message = answerFor(new DomainError("registration_conflict")).message;
  assert.equal(message, "An account can't be created with these details. If you already have one, sign in.");
  assert.doesNotMatch(message, /username|email/i);
});

Deno.test("a failed sign-in says the same whatever was wrong", () => {
  assert.equal(answerFor(new DomainError("invalid_credentials")).message, "Invalid credentials");
});

Deno.test("a refused password carries the rule it broke", () => {
  assert.equal(
    answerFor(new DomainError("invalid_details", { problem: "password: too short" })).message,
    "password: too short",
  );
});

Deno.test("a refusal by a limit says which limit and when to try again", () => {
  const decision = { allowed: false, limit: 5, remaining: 0, resetSeconds: 90 };
  assert.deepEqual(answerFor(new DomainError("rate_limited", { decision, what: "Too many validations." })), {
    status: 429,
    message: "Too many validations. Please try again in 2 minutes.",
  });
});

Deno.test("a suspension says until when, and why when a reason was given", () => {
  const until = new Date("2026-12-01T08:30:00Z");
  assert.deepEqual(answerFor(new DomainError("account_suspended", { until, reason: null })), {
    status: 403,
    message: "Your account is suspended until 2026-12-01 08:30 UTC.",
  });
  assert.equal(
    answerFor(new DomainError("account_suspended", { until, reason: "abuse" })).message,
    "Your account is suspended until 2026-12-01 08:30 UTC: abuse",
  );
});

Deno.test("nothing left to pay for the work is 402 with {message, needsCredits, balance}, worded for the work", async () => {
  const app = new Hono();
  app.onError(onError);
  app.get("/:work/:balance", (c) => {
    throw new DomainError("credits_needed", {
      work: c.req.param("work") as "validation" | "exploration" | "bulk_row",
      balance: Number(c.req.param("balance")),
    });
  });
  const answers = [];
  for (const path of ["/validation/0", "/exploration/0", "/bulk_row/1234"]) {
    const response = await app.request(path);
    answers.push({ status: response.status, body: await response.json() });
  }
  assert.deepEqual(answers, [
    {
      status: 402,
      body: {
        message: "You have no validations left. Buy credits or choose a plan to continue.",
        needsCredits: true,
        balance: 0,
      },
    },
    {
      status: 402,
      body: {
        message: "You have no domain explorations left. Buy credits or choose a plan to continue.",
        needsCredits: true,
        balance: 0,
      },
    },
    {
      status: 402,
      body: {
        message: "This file has more addresses than you have validations left (1,234). Buy credits or choose a plan " +
          "to continue.",
        needsCredits: true,
        balance: 1234,
      },
    },
  ]);
});
