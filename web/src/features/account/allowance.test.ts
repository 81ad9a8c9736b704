import type { AccountUsage } from "@contracts/billing";
import { describe, expect, it } from "vitest";
import { accountUsage } from "@/test/account";
import { daysLeft, lowAllowance, validationsText } from "./allowance";

function trialWith(remaining: number, extra: Partial<AccountUsage> = {}): AccountUsage {
  return accountUsage({ balances: { monthly: 0, trial: remaining, granted: 0, paid: 0 }, ...extra });
}

describe("lowAllowance", () => {
  it("warns during a trial once fewer than a tenth of its validations are left", () => {
    expect(lowAllowance(trialWith(10))).toBeNull();
    expect(lowAllowance(trialWith(9))).toEqual({ kind: "trial", remaining: 9, allowance: 100 });
    expect(lowAllowance(trialWith(0))).toEqual({ kind: "trial", remaining: 0, allowance: 100 });
  });

  it("counts the month's plan or free allowance after the trial, whatever granted and paid credits remain", () => {
    const free = accountUsage({
      trial: { ...accountUsage().trial, status: "expired" },
      monthlyAllowance: 25,
      usedThisMonth: 23,
      balances: { monthly: 2, trial: 0, granted: 500, paid: 800 },
    });
    expect(lowAllowance(free)).toEqual({ kind: "monthly", remaining: 2, allowance: 25 });
    expect(lowAllowance({ ...free, balances: { ...free.balances, monthly: 3 } })).toBeNull();
  });

  it("says nothing when there is no allowance to run out of", () => {
    const none = accountUsage({ trial: { ...accountUsage().trial, status: "expired" }, monthlyAllowance: 0 });
    expect(lowAllowance(none)).toBeNull();
  });
});

describe("daysLeft and validationsText", () => {
  it("count days up and never below zero", () => {
    const now = Date.parse("2026-03-01T00:00:00Z");
    expect(daysLeft("2026-03-01T02:00:00Z", now)).toBe(1);
    expect(daysLeft("2026-03-15T00:00:00Z", now)).toBe(14);
    expect(daysLeft("2026-02-28T00:00:00Z", now)).toBe(0);
  });

  it("say one validation or many, with thousands separated", () => {
    expect(validationsText(1)).toBe("1 validation");
    expect(validationsText(1234)).toBe("1,234 validations");
    expect(validationsText(0)).toBe("0 validations");
  });
});
