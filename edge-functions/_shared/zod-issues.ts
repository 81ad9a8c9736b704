// How a zod failure reads to a person: the field, then the rule it broke ("password: Password must be at least 8
// characters"). The API answers the first issue only, so a form shows one clear message at a time.
import type { z } from "zod";

export function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join(".");
  return field ? `${field}: ${issue.message}` : issue.message;
}

export function describeFirstIssue(error: z.ZodError): string {
  const [first] = error.issues;
  return first ? describeIssue(first) : error.message;
}

export function describeAllIssues(error: z.ZodError): string {
  return error.issues.map(describeIssue).join("; ");
}
