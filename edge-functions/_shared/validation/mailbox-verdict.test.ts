// The mailbox rules table against the engine's own DNS results: every outcome on every verdict a receiving domain can
// have (MX or implicit MX, each flag), and the results that were never asked (malformed, no mail, DNS failure).
import assert from "node:assert/strict";
import type { MailDomainLookup } from "../dns/index.ts";
import { MAILBOX_OUTCOMES, type MailboxOutcome, type SmtpCheck, type SmtpChecked } from "../contracts/mailbox.ts";
import { REASON_CODES, type ValidationResult, validationResultSchema } from "./contract.ts";
import { applyMailbox, createEmailValidator } from "./index.ts";

const NOW = new Date("2026-11-27T10:00:00.000Z");

/** An engine whose DNS answers every domain the same way. */
const engineAnswering = (lookup: MailDomainLookup) =>
  createEmailValidator({ resolver: { lookup: () => Promise.resolve(lookup) }, now: () => NOW });

const MX: MailDomainLookup = { kind: "mx", mxRecords: [{ exchange: "mx.example.test", priority: 10 }] };
const IMPLICIT: MailDomainLookup = { kind: "implicit", addresses: ["192.0.2.10"] };

// Plain, free provider, disposable, a typo of a provider, disposable and a typo at once; each with a person's and a
// role's local part.
const DOMAINS = ["company.test", "gmail.com", "mailinator.com", "outlok.com", "gmial.com"];
const LOCAL_PARTS = ["ann", "info"];

async function receivingResults(): Promise<ValidationResult[]> {
  const results: ValidationResult[] = [];
  for (const lookup of [MX, IMPLICIT]) {
    const validate = engineAnswering(lookup);
    for (const domain of DOMAINS) {
      for (const local of LOCAL_PARTS) results.push(await validate(`${local}@${domain}`));
    }
  }
  return results;
}

async function notReceivingResults(): Promise<ValidationResult[]> {
  return [
    await engineAnswering(MX)("not an address"),
    await engineAnswering({ kind: "null_mx" })("ann@company.test"),
    await engineAnswering({ kind: "not_found" })("info@gmial.com"),
    await engineAnswering({ kind: "error", detail: "SERVFAIL" })("ann@company.test"),
  ];
}

function checked(outcome: MailboxOutcome): SmtpChecked {
  const deliverable = outcome === "exists" ? true : outcome === "not_found" || outcome === "full" ? false : null;
  return {
    status: "checked",
    outcome,
    smtpConnectable: outcome !== "unavailable",
    smtpDeliverable: deliverable,
    isCatchAll: outcome === "catch_all",
    catchAllConfidence: outcome === "catch_all" ? 1 : 0,
    mxHost: "mx.example.test",
    tls: "verified",
    reply: { code: 250, enhancedCode: "2.1.5", text: "OK" },
    provider: null,
    checkedAt: "2026-11-27T10:00:01.000Z",
  };
}

const CHECKS: SmtpCheck[] = [
  ...MAILBOX_OUTCOMES.map(checked),
  { status: "pending", probeId: "6f1c1f4e-0a8e-4bb1-9d39-2f4b8d1c7a10" },
  { status: "not_checked", reason: "no_worker" },
  { status: "not_checked", reason: "expired" },
  { status: "not_checked", reason: "not_requested" },
];

const BANDS = {
  deliverable: { risk: [0, 20], deliverability: [85, 100] },
  risky: { risk: [25, 95], deliverability: [5, 75] },
  undeliverable: { risk: [100, 100], deliverability: [0, 0] },
} as const;

const label = (result: ValidationResult, smtp: SmtpCheck) =>
  `${result.email} (${result.verdict}, ${result.reasons.join(",")}) + ${
    smtp.status === "checked" ? smtp.outcome : smtp.status
  }`;

Deno.test("each outcome moves the verdict as the rules table says", async () => {
  for (const result of await receivingResults()) {
    for (const outcome of MAILBOX_OUTCOMES) {
      const applied = applyMailbox(result, checked(outcome));
      const expected = outcome === "not_found" || outcome === "full"
        ? "undeliverable"
        : outcome === "catch_all"
        ? "risky"
        : result.verdict;
      assert.equal(applied.verdict, expected, label(result, checked(outcome)));
    }
  }
});

Deno.test("a moved address stays in its verdict's score band, so it never ranks past a better verdict", async () => {
  for (const result of await receivingResults()) {
    for (const smtp of CHECKS) {
      const applied = applyMailbox(result, smtp);
      assert.notEqual(applied.verdict, "unknown");
      const band = BANDS[applied.verdict as keyof typeof BANDS];
      assert.ok(
        applied.riskScore >= band.risk[0] && applied.riskScore <= band.risk[1],
        `risk ${applied.riskScore}: ${label(result, smtp)}`,
      );
      assert.ok(
        applied.deliverabilityScore >= band.deliverability[0] && applied.deliverabilityScore <= band.deliverability[1],
        `deliverability ${applied.deliverabilityScore}: ${label(result, smtp)}`,
      );
      validationResultSchema.parse(applied);
    }
  }
});

Deno.test("outcomes order the scores: exists, then no word, then catch-all, then a refused mailbox", async () => {
  const ranked: (MailboxOutcome | null)[] = ["exists", null, "catch_all", "not_found"];
  for (const result of await receivingResults()) {
    const scores = ranked.map((outcome) =>
      applyMailbox(result, outcome ? checked(outcome) : { status: "not_checked", reason: "no_worker" })
    );
    for (let i = 1; i < scores.length; i++) {
      assert.ok(scores[i]!.riskScore >= scores[i - 1]!.riskScore, `${result.email}: ${ranked[i]} vs ${ranked[i - 1]}`);
      assert.ok(scores[i]!.deliverabilityScore <= scores[i - 1]!.deliverabilityScore, `${result.email}: ${ranked[i]}`);
    }
    const full = applyMailbox(result, checked("full"));
    assert.deepEqual([full.riskScore, full.deliverabilityScore], [scores[3]!.riskScore, scores[3]!.deliverabilityScore]);
  }
});

Deno.test("after the same check, a role account never scores better than a person's address at the same domain", async () => {
  const results = await receivingResults();
  for (const smtp of CHECKS) {
    for (let i = 0; i < results.length; i += 2) {
      const person = applyMailbox(results[i]!, smtp);
      const role = applyMailbox(results[i + 1]!, smtp);
      assert.ok(role.roleAccount && !person.roleAccount);
      assert.ok(role.riskScore >= person.riskScore, label(results[i + 1]!, smtp));
      assert.ok(role.deliverabilityScore <= person.deliverabilityScore, label(results[i + 1]!, smtp));
    }
  }
});

Deno.test("a check adds its one reason, in REASON_CODES order, and a later check replaces it", async () => {
  const order = (reasons: readonly string[]) =>
    [...reasons].sort((a, b) => REASON_CODES.indexOf(a as never) - REASON_CODES.indexOf(b as never));
  for (const result of await receivingResults()) {
    for (const outcome of MAILBOX_OUTCOMES) {
      const applied = applyMailbox(applyMailbox(result, checked("exists")), checked(outcome));
      assert.deepEqual(applied.reasons, order(applied.reasons), label(result, checked(outcome)));
      const added = applied.reasons.filter((reason) => !result.reasons.includes(reason));
      assert.equal(added.length, 1, label(result, checked(outcome)));
      assert.equal(applied.reasons.length, result.reasons.length + 1);
    }
  }
});

Deno.test("applying a check twice, or over an earlier one, is the same as applying it once", async () => {
  for (const result of [...await receivingResults(), ...await notReceivingResults()]) {
    for (const first of CHECKS) {
      for (const second of CHECKS) {
        assert.deepEqual(
          applyMailbox(applyMailbox(result, first), second),
          applyMailbox(result, second),
          `${label(result, first)} then ${second.status === "checked" ? second.outcome : second.status}`,
        );
      }
    }
  }
});

Deno.test("pending and not checked leave the DNS verdict, reasons and scores as the engine gave them", async () => {
  for (const result of [...await receivingResults(), ...await notReceivingResults()]) {
    for (const smtp of CHECKS.filter((check) => check.status !== "checked")) {
      assert.deepEqual(applyMailbox(result, smtp), { ...result, smtp }, label(result, smtp));
    }
  }
});

Deno.test("an address whose domain takes no mail is never moved, whatever a check says", async () => {
  for (const result of await notReceivingResults()) {
    for (const outcome of MAILBOX_OUTCOMES) {
      assert.deepEqual(applyMailbox(result, checked(outcome)), { ...result, smtp: checked(outcome) });
    }
  }
});

Deno.test("the rules on a clean address at an MX domain, figure by figure", async () => {
  const clean = await engineAnswering(MX)("jane@company.test");
  const figures = (outcome: MailboxOutcome) => {
    const { verdict, riskScore, deliverabilityScore, reasons } = applyMailbox(clean, checked(outcome));
    return { verdict, riskScore, deliverabilityScore, reasons };
  };
  const expected: [MailboxOutcome, string, number, number, string][] = [
    ["exists", "deliverable", 0, 100, "mailbox_exists"],
    ["not_found", "undeliverable", 100, 0, "mailbox_not_found"],
    ["full", "undeliverable", 100, 0, "mailbox_full"],
    ["catch_all", "risky", 30, 70, "catch_all"],
    ["blocked", "deliverable", 0, 100, "smtp_blocked"],
  ];
  for (const [outcome, verdict, riskScore, deliverabilityScore, reason] of expected) {
    assert.deepEqual(figures(outcome), { verdict, riskScore, deliverabilityScore, reasons: [reason] }, outcome);
  }
  // A role account at a free provider: risky by DNS (risk 30, deliverability 75); its mailbox answering takes 10 off
  // the risk and adds 5 to deliverability, but never past the risky band's edges.
  const role = await engineAnswering(MX)("info@gmail.com");
  assert.deepEqual([role.verdict, role.riskScore, role.deliverabilityScore], ["risky", 30, 75]);
  const answered = applyMailbox(role, checked("exists"));
  assert.deepEqual([answered.verdict, answered.riskScore, answered.deliverabilityScore], ["risky", 25, 75]);
  assert.deepEqual(answered.reasons, ["role_account", "free_provider", "mailbox_exists"]);
});
