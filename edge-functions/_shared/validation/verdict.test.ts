import assert from "node:assert/strict";
import type { MailDomainLookup } from "../dns/index.ts";
import { REASON_CODES, type ReasonCode, type Verdict } from "./contract.ts";
import { type AddressFlags, assessAddress, assessInvalidSyntax, type MailAcceptance } from "./verdict.ts";

const lookups: Record<MailDomainLookup["kind"], MailDomainLookup> = {
  mx: { kind: "mx", mxRecords: [{ exchange: "mx1.mailscout-demo.test", priority: 10 }] },
  mx_host_unresolved: { kind: "mx_host_unresolved", mxRecords: [{ exchange: "mx.mx-unresolved.test", priority: 10 }] },
  mx_private_address: { kind: "mx_private_address", mxRecords: [{ exchange: "mx.mx-private.test", priority: 10 }] },
  implicit: { kind: "implicit", addresses: ["192.0.2.10"] },
  null_mx: { kind: "null_mx" },
  no_mail_server: { kind: "no_mail_server" },
  not_found: { kind: "not_found" },
  error: { kind: "error", detail: "SERVFAIL" },
};

const none: AddressFlags = { disposable: false, roleAccount: false, freeProvider: false, possibleTypo: false };

const byKind: [MailDomainLookup["kind"], Verdict, ReasonCode[], MailAcceptance][] = [
  ["mx", "deliverable", [], "mx"],
  ["mx_host_unresolved", "undeliverable", ["mx_host_unresolved"], "none"],
  ["mx_private_address", "undeliverable", ["mx_private_address"], "none"],
  ["implicit", "risky", ["no_mx_implicit_a"], "implicit"],
  ["null_mx", "undeliverable", ["null_mx"], "none"],
  ["no_mail_server", "undeliverable", ["no_mail_server"], "none"],
  ["not_found", "undeliverable", ["domain_not_found"], "none"],
  ["error", "unknown", ["dns_error"], "unknown"],
];
for (const [kind, verdict, reasons, acceptance] of byKind) {
  Deno.test(`an answer of kind ${kind} without flags is ${verdict} (${reasons.join(", ") || "no reasons"})`, () => {
    assert.deepEqual(assessAddress(lookups[kind], none), { verdict, reasons, acceptance });
  });
}

Deno.test("invalid syntax is undeliverable for that one reason", () => {
  assert.deepEqual(assessInvalidSyntax(), {
    verdict: "undeliverable",
    reasons: ["invalid_syntax"],
    acceptance: "none",
  });
});

const onMx: [Partial<AddressFlags>, Verdict, ReasonCode[]][] = [
  [{ disposable: true }, "risky", ["disposable"]],
  [{ roleAccount: true }, "risky", ["role_account"]],
  [{ freeProvider: true }, "deliverable", ["free_provider"]],
  [{ possibleTypo: true }, "deliverable", ["possible_typo"]],
  [{ freeProvider: true, possibleTypo: true }, "deliverable", ["free_provider", "possible_typo"]],
  [{ freeProvider: true, roleAccount: true }, "risky", ["role_account", "free_provider"]],
  [{ disposable: true, possibleTypo: true }, "risky", ["disposable", "possible_typo"]],
];
for (const [flags, verdict, reasons] of onMx) {
  Deno.test(`on a domain with MX, ${reasons.join(" + ")} is ${verdict}`, () => {
    assert.deepEqual(assessAddress(lookups.mx, { ...none, ...flags }), { verdict, reasons, acceptance: "mx" });
  });
}

Deno.test("a typo whose domain does not exist is undeliverable, with the typo as a reason", () => {
  assert.deepEqual(assessAddress(lookups.not_found, { ...none, possibleTypo: true }), {
    verdict: "undeliverable",
    reasons: ["domain_not_found", "possible_typo"],
    acceptance: "none",
  });
});

Deno.test("a role account at a domain reached by implicit MX names both reasons", () => {
  assert.deepEqual(assessAddress(lookups.implicit, { ...none, roleAccount: true }).reasons, [
    "no_mx_implicit_a",
    "role_account",
  ]);
});

const flagReasons: [keyof AddressFlags, ReasonCode][] = [
  ["disposable", "disposable"],
  ["roleAccount", "role_account"],
  ["freeProvider", "free_provider"],
  ["possibleTypo", "possible_typo"],
];
const allFlagCombinations: AddressFlags[] = Array.from({ length: 16 }, (_, bits) => ({
  disposable: (bits & 1) !== 0,
  roleAccount: (bits & 2) !== 0,
  freeProvider: (bits & 4) !== 0,
  possibleTypo: (bits & 8) !== 0,
}));

for (const [kind, domainVerdict, domainReasons] of byKind) {
  Deno.test(`every flag combination on an answer of kind ${kind}: flags never rescue nor condemn, reasons stay ordered`, () => {
    for (const flags of allFlagCombinations) {
      const { verdict, reasons } = assessAddress(lookups[kind], flags);
      const expectedReasons = [...domainReasons, ...flagReasons.filter(([flag]) => flags[flag]).map(([, r]) => r)];
      assert.deepEqual(reasons, expectedReasons, JSON.stringify(flags));
      const indexes = reasons.map((reason) => REASON_CODES.indexOf(reason));
      assert.deepEqual(indexes, [...indexes].sort((a, b) => a - b), "reasons follow REASON_CODES order");
      if (domainVerdict === "undeliverable" || domainVerdict === "unknown") {
        assert.equal(verdict, domainVerdict, JSON.stringify(flags));
      } else {
        const risky = kind === "implicit" || flags.disposable || flags.roleAccount;
        assert.equal(verdict, risky ? "risky" : "deliverable", JSON.stringify(flags));
      }
    }
  });
}
