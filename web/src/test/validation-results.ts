// Validation results as the API answers them, for tests of the screens that show them.
import type { ValidationResult } from "@contracts/validation";

export function deliverableResult(email = "someone@mailscout-demo.test"): ValidationResult {
  return {
    email,
    domain: email.split("@")[1] ?? "",
    isValid: true,
    formatValid: true,
    mxRecordsFound: true,
    verdict: "deliverable",
    reasons: [],
    mxRecords: [
      { exchange: "mx1.mailscout-demo.test", priority: 10 },
      { exchange: "mx2.mailscout-demo.test", priority: 20 },
    ],
    disposable: false,
    roleAccount: false,
    freeProvider: false,
    suggestion: null,
    riskScore: 5,
    deliverabilityScore: 95,
    smtp: { status: "not_checked", reason: "not_requested" },
    validatedAt: "2026-11-22T10:00:00.000Z",
  };
}

export function nullMxResult(email = "someone@null-mx.test"): ValidationResult {
  return {
    ...deliverableResult(email),
    isValid: false,
    mxRecordsFound: false,
    verdict: "undeliverable",
    reasons: ["null_mx"],
    mxRecords: [],
    riskScore: 100,
    deliverabilityScore: 0,
  };
}

export function badSyntaxResult(email = "some..one@example.com"): ValidationResult {
  return {
    ...nullMxResult(email),
    formatValid: false,
    reasons: ["invalid_syntax"],
  };
}

export function typoResult(email = "someone@gmial.com"): ValidationResult {
  return {
    ...deliverableResult(email),
    isValid: false,
    mxRecordsFound: false,
    verdict: "undeliverable",
    reasons: ["domain_not_found", "possible_typo"],
    mxRecords: [],
    suggestion: email.replace("@gmial.com", "@gmail.com"),
    riskScore: 95,
    deliverabilityScore: 0,
  };
}
