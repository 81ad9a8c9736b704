import assert from "node:assert/strict";
import { type Scores, scoreAddress } from "./scores.ts";
import type { AddressFlags, MailAcceptance } from "./verdict.ts";

const acceptances: MailAcceptance[] = ["mx", "implicit", "unknown", "none"]; // best to worst
const flagNames: (keyof AddressFlags)[] = ["disposable", "roleAccount", "freeProvider", "possibleTypo"];
const allFlagCombinations: AddressFlags[] = Array.from({ length: 16 }, (_, bits) => ({
  disposable: (bits & 1) !== 0,
  roleAccount: (bits & 2) !== 0,
  freeProvider: (bits & 4) !== 0,
  possibleTypo: (bits & 8) !== 0,
}));
const none: AddressFlags = { disposable: false, roleAccount: false, freeProvider: false, possibleTypo: false };

Deno.test("every score is an integer from 0 to 100", () => {
  for (const acceptance of acceptances) {
    for (const flags of allFlagCombinations) {
      for (const score of Object.values(scoreAddress(acceptance, flags))) {
        assert.ok(Number.isInteger(score) && score >= 0 && score <= 100, `${acceptance} ${JSON.stringify(flags)}`);
      }
    }
  }
});

Deno.test("one more flag never lowers the risk nor raises the deliverability", () => {
  for (const acceptance of acceptances) {
    for (const flags of allFlagCombinations) {
      const before = scoreAddress(acceptance, flags);
      for (const flag of flagNames.filter((name) => !flags[name])) {
        const after = scoreAddress(acceptance, { ...flags, [flag]: true });
        assert.ok(after.riskScore >= before.riskScore, `${flag} on ${acceptance} ${JSON.stringify(flags)}`);
        assert.ok(after.deliverabilityScore <= before.deliverabilityScore, `${flag} on ${acceptance}`);
      }
    }
  }
});

Deno.test("a worse mail destination never scores better, whatever the flags", () => {
  for (const flags of allFlagCombinations) {
    for (let i = 1; i < acceptances.length; i++) {
      const better = scoreAddress(acceptances[i - 1]!, flags);
      const worse = scoreAddress(acceptances[i]!, flags);
      assert.ok(worse.riskScore >= better.riskScore, `${acceptances[i]} vs ${acceptances[i - 1]}`);
      assert.ok(worse.deliverabilityScore <= better.deliverabilityScore, `${acceptances[i]} vs ${acceptances[i - 1]}`);
    }
  }
});

Deno.test("the flags that count as risks move the scores; a clean MX domain scores best", () => {
  assert.deepEqual(scoreAddress("mx", none), { riskScore: 0, deliverabilityScore: 100 });
  for (const flag of ["disposable", "roleAccount", "possibleTypo"] as const) {
    const flagged = scoreAddress("mx", { ...none, [flag]: true });
    assert.ok(flagged.riskScore > 0 && flagged.deliverabilityScore < 100, flag);
  }
  assert.ok(scoreAddress("mx", { ...none, freeProvider: true }).riskScore > 0, "free provider adds a little risk");
});

Deno.test("scores agree with the verdict: every deliverable address ranks above every risky one", () => {
  // Deliverable: MX, with at most free provider and possible typo. Risky: implicit MX, disposable or role account.
  const riskyFlags = (f: AddressFlags) => f.disposable || f.roleAccount;
  const deliverable = allFlagCombinations.filter((f) => !riskyFlags(f)).map((f) => scoreAddress("mx", f));
  const risky = [
    ...allFlagCombinations.filter(riskyFlags).map((f) => scoreAddress("mx", f)),
    ...allFlagCombinations.map((f) => scoreAddress("implicit", f)),
  ];
  const risks = (scores: Scores[]) => scores.map((s) => s.riskScore);
  const deliverabilities = (scores: Scores[]) => scores.map((s) => s.deliverabilityScore);
  assert.ok(Math.max(...risks(deliverable)) < Math.min(...risks(risky)));
  assert.ok(Math.min(...deliverabilities(deliverable)) > Math.max(...deliverabilities(risky)));
});

Deno.test("only a domain that takes no mail reaches risk 100 and deliverability 0", () => {
  for (const flags of allFlagCombinations) {
    assert.deepEqual(scoreAddress("none", flags), { riskScore: 100, deliverabilityScore: 0 });
    for (const acceptance of ["mx", "implicit", "unknown"] as const) {
      const scores = scoreAddress(acceptance, flags);
      assert.ok(scores.riskScore < 100 && scores.deliverabilityScore > 0, `${acceptance} ${JSON.stringify(flags)}`);
    }
  }
});
