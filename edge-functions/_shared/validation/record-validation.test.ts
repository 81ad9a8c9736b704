import assert from "node:assert/strict";
import type { ValidationResult } from "./contract.ts";
import { logOutcome, toStoredValidation, toValidationLog } from "./record-validation.ts";

const result: ValidationResult = {
  email: "ann@gmial.com",
  domain: "gmial.com",
  isValid: true,
  formatValid: true,
  mxRecordsFound: true,
  verdict: "risky",
  reasons: ["possible_typo"],
  mxRecords: [{ exchange: "mx.gmial.com", priority: 10 }],
  disposable: true,
  roleAccount: false,
  freeProvider: false,
  suggestion: "ann@gmail.com",
  riskScore: 40,
  deliverabilityScore: 60,
  smtp: { status: "not_checked", reason: "not_requested" },
  validatedAt: "2026-11-22T12:00:00.000Z",
};

Deno.test("deliverable logs as valid, undeliverable as invalid, risky and unknown as warnings", () => {
  assert.deepEqual(
    (["deliverable", "undeliverable", "risky", "unknown"] as const).map(logOutcome),
    ["valid", "invalid", "warning", "warning"],
  );
});

Deno.test("a result is cached with every field the table keeps, the disposable flag under its column's name", () => {
  assert.deepEqual(toStoredValidation(result), {
    email: "ann@gmial.com",
    domain: "gmial.com",
    isValid: true,
    formatValid: true,
    mxRecordsFound: true,
    verdict: "risky",
    reasons: ["possible_typo"],
    mxRecords: [{ exchange: "mx.gmial.com", priority: 10 }],
    suggestion: "ann@gmail.com",
    roleAccount: false,
    freeProvider: false,
    disposableProvider: true,
    riskScore: 40,
    deliverabilityScore: 60,
    smtpConnectable: null,
    smtpDeliverable: null,
    isCatchAll: false,
    catchAllConfidence: null,
    validatedAt: "2026-11-22T12:00:00.000Z",
  });
});

Deno.test("a checked mailbox is cached with what the server said of it", () => {
  const stored = toStoredValidation({
    ...result,
    smtp: {
      status: "checked",
      outcome: "catch_all",
      smtpConnectable: true,
      smtpDeliverable: null,
      isCatchAll: true,
      catchAllConfidence: 0.67,
      mxHost: "mx.gmial.com",
      tls: "none",
      reply: { code: 250, enhancedCode: null, text: "OK" },
      provider: null,
      checkedAt: "2026-11-22T12:00:01.000Z",
    },
  });
  assert.deepEqual(
    [stored?.smtpConnectable, stored?.smtpDeliverable, stored?.isCatchAll, stored?.catchAllConfidence],
    [true, null, true, 0.67],
  );
});

Deno.test("an empty address is logged but not cached; an address without a domain is cached without one", () => {
  assert.equal(toStoredValidation({ ...result, email: "", domain: "" }), null);
  assert.equal(toStoredValidation({ ...result, email: "no-at-sign", domain: "" })?.domain, null);
});

Deno.test("a single validation logs one address, counted under its outcome, with who asked", () => {
  assert.deepEqual(toValidationLog(result, { userId: null, sessionId: "V1StGXR8_Z5jdHi6B-myT" }), {
    userId: null,
    sessionId: "V1StGXR8_Z5jdHi6B-myT",
    validationType: "single",
    emailsProcessed: 1,
    validEmails: 0,
    invalidEmails: 0,
    warningEmails: 1,
    domain: "gmial.com",
  });
  const userId = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";
  const log = toValidationLog({ ...result, verdict: "undeliverable", domain: "" }, { userId, sessionId: null });
  assert.deepEqual([log.userId, log.invalidEmails, log.warningEmails, log.domain], [userId, 1, 0, null]);
});

Deno.test("a NUL in a malformed address is stored as the replacement character, which Postgres text can hold", () => {
  const malformed = { ...result, email: "a\0b@ex\0ample.com", domain: "ex\0ample.com", verdict: "undeliverable" as const };
  assert.deepEqual(
    [toStoredValidation(malformed)?.email, toStoredValidation(malformed)?.domain],
    ["a\uFFFDb@ex\uFFFDample.com", "ex\uFFFDample.com"],
  );
  assert.equal(toValidationLog(malformed, { userId: null, sessionId: null }).domain, "ex\uFFFDample.com");
});
