// What the mailbox check does to a DNS verdict. The probe can only narrow what DNS said about a domain that takes
// mail; when the server would not say, the DNS verdict stands and the reason tells why.
//
//   outcome        verdict                        risk / deliverability
//   exists         unchanged                      −10 / +5, kept within the verdict's band
//   not_found      undeliverable                  100 / 0
//   full           undeliverable                  100 / 0 (mail to it bounces now)
//   catch_all      deliverable becomes risky      +30 / −30, kept within the risky band
//   blocked, unavailable, greylisted, unverifiable
//                  unchanged                      unchanged
// The bands are scores.ts's: deliverable risk 0-20 / deliverability 85-100, risky risk 25-95 / deliverability 5-75,
// so a checked address never ranks past one of a better verdict.
//
// The moves start from the DNS verdict and scores, which the result's own facts give back (the domain's reason, the
// flags): a result that already carries a check is moved from there again, never twice, so applying a check is
// idempotent and a newer check replaces an older one.
import type { MailboxOutcome, SmtpCheck } from "../contracts/mailbox.ts";
import { REASON_CODES, type ReasonCode, type ValidationResult, type Verdict } from "./contract.ts";
import { scoreAddress, type Scores } from "./scores.ts";
import { type AddressFlags, receivingVerdict } from "./verdict.ts";

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

type ReceivingVerdict = ReturnType<typeof receivingVerdict>;

const BAND: Record<ReceivingVerdict, { risk: [number, number]; deliverability: [number, number] }> = {
  deliverable: { risk: [0, 20], deliverability: [85, 100] },
  risky: { risk: [25, 95], deliverability: [5, 75] },
};

const clamp = (value: number, [low, high]: [number, number]) => Math.min(high, Math.max(low, value));

interface Standing extends Scores {
  verdict: Verdict;
}

/** The verdict and scores DNS and the flags gave an address whose domain takes mail, as the engine computed them. */
function dnsStanding(result: ValidationResult): Standing & { verdict: ReceivingVerdict } {
  const acceptance = result.reasons.includes("no_mx_implicit_a") ? "implicit" : "mx";
  const flags: AddressFlags = {
    disposable: result.disposable,
    roleAccount: result.roleAccount,
    freeProvider: result.freeProvider,
    possibleTypo: result.suggestion !== null,
  };
  return { verdict: receivingVerdict(acceptance, flags), ...scoreAddress(acceptance, flags) };
}

function moved(dns: Standing & { verdict: ReceivingVerdict }, outcome: MailboxOutcome): Standing {
  switch (outcome) {
    case "not_found":
    case "full":
      return { verdict: "undeliverable", riskScore: 100, deliverabilityScore: 0 };
    case "catch_all":
      return {
        verdict: "risky",
        riskScore: clamp(dns.riskScore + 30, BAND.risky.risk),
        deliverabilityScore: clamp(dns.deliverabilityScore - 30, BAND.risky.deliverability),
      };
    case "exists":
      return {
        verdict: dns.verdict,
        riskScore: clamp(dns.riskScore - 10, BAND[dns.verdict].risk),
        deliverabilityScore: clamp(dns.deliverabilityScore + 5, BAND[dns.verdict].deliverability),
      };
    case "blocked":
    case "unavailable":
    case "greylisted":
    case "unverifiable":
      return dns;
  }
}

/** The result with `smtp` as its mailbox check, and the verdict, reasons and scores moved by a checked outcome. */
export function applyMailbox(result: ValidationResult, smtp: SmtpCheck): ValidationResult {
  // Reasons from an earlier check go, so applying a newer one never piles them up.
  const reasons = result.reasons.filter((reason) => !MAILBOX_REASONS.has(reason));
  // Only a domain that takes mail was ever asked, so only its verdict has anything to undo or move.
  if (!result.isValid) return { ...result, reasons, smtp };
  const dns = dnsStanding(result);
  if (smtp.status !== "checked") return { ...result, ...dns, reasons, smtp };
  const withReason = [...reasons, OUTCOME_REASON[smtp.outcome]].sort(
    (a, b) => REASON_CODES.indexOf(a) - REASON_CODES.indexOf(b),
  );
  return { ...result, ...moved(dns, smtp.outcome), reasons: withReason, smtp };
}
