// Two 0-100 figures for sorting and filtering lists, from the same facts as the verdict:
//   riskScore           = clamp(RISK_BASE[acceptance] + Σ RISK_WEIGHT[flag])
//   deliverabilityScore = clamp(DELIVERABILITY_BASE[acceptance] − Σ DELIVERABILITY_PENALTY[flag])
// Monotonic: a worse mail destination (mx < implicit < unknown < none) or one more flag never lowers the risk and
// never raises the deliverability. The weights keep the scores in step with the verdict: every deliverable address
// (risk ≤ 20, deliverability ≥ 85) ranks above every risky one (risk ≥ 25, deliverability ≤ 75), and only an
// undeliverable one reaches risk 100 / deliverability 0 (the others stop at 95 / 5).
// Free provider weighs on risk only: such mailboxes receive mail as well as any, but are a weaker lead for B2B.
import type { AddressFlags, MailAcceptance } from "./verdict.ts";

export interface Scores {
  riskScore: number;
  deliverabilityScore: number;
}

/** A domain that takes no mail scores risk 100 and deliverability 0 whatever the flags, so it has no base here. */
type Receiving = Exclude<MailAcceptance, "none">;

const RISK_BASE: Record<Receiving, number> = { mx: 0, implicit: 25, unknown: 50 };
const RISK_WEIGHT: Record<keyof AddressFlags, number> = {
  disposable: 50,
  roleAccount: 25,
  possibleTypo: 15,
  freeProvider: 5,
};

const DELIVERABILITY_BASE: Record<Receiving, number> = { mx: 100, implicit: 75, unknown: 50 };
const DELIVERABILITY_PENALTY: Record<keyof AddressFlags, number> = {
  disposable: 40,
  roleAccount: 25,
  possibleTypo: 15,
  freeProvider: 0,
};

/** Bounds for an address that may still receive mail, so it never looks as bad as one that cannot. */
const MAX_RISK_IF_RECEIVING = 95;
const MIN_DELIVERABILITY_IF_RECEIVING = 5;

function flagSum(weights: Record<keyof AddressFlags, number>, flags: AddressFlags): number {
  return (flags.disposable ? weights.disposable : 0) + (flags.roleAccount ? weights.roleAccount : 0) +
    (flags.possibleTypo ? weights.possibleTypo : 0) + (flags.freeProvider ? weights.freeProvider : 0);
}

export function scoreAddress(acceptance: MailAcceptance, flags: AddressFlags): Scores {
  if (acceptance === "none") return { riskScore: 100, deliverabilityScore: 0 };
  return {
    riskScore: Math.min(MAX_RISK_IF_RECEIVING, RISK_BASE[acceptance] + flagSum(RISK_WEIGHT, flags)),
    deliverabilityScore: Math.max(
      MIN_DELIVERABILITY_IF_RECEIVING,
      DELIVERABILITY_BASE[acceptance] - flagSum(DELIVERABILITY_PENALTY, flags),
    ),
  };
}
