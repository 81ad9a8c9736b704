// What the mailbox check does to a DNS verdict. The probe can only narrow what DNS said about a domain that takes
// mail; when the server would not say, the DNS verdict stands and the reason tells why.
//
//   outcome        verdict                        risk / deliverability
//   exists         unchanged                      −10 / +5, kept within the verdict's band
//   not_found      undeliverable                  100 / 0
//   full           undeliverable                  100 / 0 (mail to it bounces now)
//   catch_all      deliverable becomes risky      +30 / −30, kept within the receiving bounds
//   blocked, unavailable, greylisted, unverifiable
//                  unchanged                      unchanged
// The bands are scores.ts's: deliverable risk 0-20 / deliverability 85-100, risky risk 25-95 / deliverability 5-75,
// so a checked address never ranks past one of a better verdict.
import type { MailboxOutcome, SmtpCheck } from "../contracts/mailbox.ts";
import { REASON_CODES, type ReasonCode, type ValidationResult, type Verdict } from "./contract.ts";

const OUTCOME_REASON: Record<MailboxOutcome, ReasonCode> = {
  exists: "mailbox_exists",
  not_found: "mailbox_not_found",
  full: "mailbox_full",
  catch_all: "catch_all",
  blocked: "smtp_blocked",
  unavailable: "smtp_unavailable",
  greylisted: "greylisted",
  unverifiable: "mailbox_unverifiable",
};
const MAILBOX_REASONS = new Set<ReasonCode>(Object.values(OUTCOME_REASON));

const BAND: Record<Exclude<Verdict, "undeliverable">, { risk: [number, number]; deliverability: [number, number] }> = {
  deliverable: { risk: [0, 20], deliverability: [85, 100] },
  risky: { risk: [25, 95], deliverability: [5, 75] },
  unknown: { risk: [25, 95], deliverability: [5, 75] },
};

const clamp = (value: number, [low, high]: [number, number]) => Math.min(high, Math.max(low, value));

/** The result with `smtp` as its mailbox check, and the verdict, reasons and scores moved by a checked outcome. */
export function applyMailbox(result: ValidationResult, smtp: SmtpCheck): ValidationResult {
  // Reasons from an earlier check go, so applying a newer one never piles them up.
  const reasons = result.reasons.filter((reason) => !MAILBOX_REASONS.has(reason));
  if (smtp.status !== "checked" || !result.isValid) return { ...result, reasons, smtp };
  const withReason = [...reasons, OUTCOME_REASON[smtp.outcome]].sort(
    (a, b) => REASON_CODES.indexOf(a) - REASON_CODES.indexOf(b),
  );
  const moved = { ...result, reasons: withReason, smtp };
  switch (smtp.outcome) {
    case "not_found":
    case "full":
      return { ...moved, verdict: "undeliverable", riskScore: 100, deliverabilityScore: 0 };
    case "catch_all": {
      const verdict: Verdict = result.verdict === "deliverable" ? "risky" : result.verdict;
      const band = BAND[verdict === "undeliverable" ? "risky" : verdict];
      return {
        ...moved,
        verdict,
        riskScore: clamp(result.riskScore + 30, band.risk),
        deliverabilityScore: clamp(result.deliverabilityScore - 30, band.deliverability),
      };
    }
    case "exists": {
      if (result.verdict === "undeliverable") return moved;
      const band = BAND[result.verdict];
      return {
        ...moved,
        riskScore: clamp(result.riskScore - 10, band.risk),
        deliverabilityScore: clamp(result.deliverabilityScore + 5, band.deliverability),
      };
    }
    default:
      return moved;
  }
}
