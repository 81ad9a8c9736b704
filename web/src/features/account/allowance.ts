// What the home tool warns about: the allowance that runs out first this month. During a trial without a plan that is
// the trial's validations; otherwise the month's plan (or free) allowance. Granted and paid credits are not counted
// here: they never run out by the month, and the header shows the whole balance.
import type { AccountUsage } from "@contracts/billing";

/** Below this share of the allowance left, the home tool says how much remains. */
export const LOW_ALLOWANCE_SHARE = 0.1;

export type LowAllowance = { kind: "trial" | "monthly"; remaining: number; allowance: number };

export function lowAllowance(usage: AccountUsage): LowAllowance | null {
  const onTrial = usage.trial.status === "active" && usage.subscription === null;
  const current = onTrial
    ? { kind: "trial" as const, remaining: usage.balances.trial, allowance: usage.trial.allowances.validations }
    : { kind: "monthly" as const, remaining: usage.balances.monthly, allowance: usage.monthlyAllowance };
  if (current.allowance === 0) return null;
  return current.remaining < current.allowance * LOW_ALLOWANCE_SHARE ? current : null;
}

const PLAN_NAMES = { free: "Free", starter: "Starter", professional: "Professional", business: "Business" } as const;

export function planName(plan: keyof typeof PLAN_NAMES): string {
  return PLAN_NAMES[plan];
}

/** Whole days until `endsAt`, counted up (a trial ending in two hours has 1 day left); 0 once it has passed. */
export function daysLeft(endsAt: string, now = Date.now()): number {
  return Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 86_400_000));
}

/** "1 validation", "1,234 validations". */
export function validationsText(count: number): string {
  return count === 1 ? "1 validation" : `${count.toLocaleString("en-US")} validations`;
}
