// The whole engine against an in-memory resolver: the seam the engine owns. Real DNS against the fixture server is
// the dns module's test, and the API tests run both together.
import assert from "node:assert/strict";
import type { MailDomainLookup, MailDomainResolver } from "../dns/index.ts";
import {
  type ReasonCode,
  type ValidationResult,
  validationResultSchema,
  type Verdict,
} from "./contract.ts";
import { createEmailValidator } from "./index.ts";

/** Answers like the DNS fixture zones (dns/testing/zones.ts) and records every domain it was asked about. */
class FakeResolver implements MailDomainResolver {
  readonly asked: string[] = [];
  constructor(private readonly answers: Record<string, MailDomainLookup>) {}
  lookup(asciiDomain: string): Promise<MailDomainLookup> {
    this.asked.push(asciiDomain);
    return Promise.resolve(this.answers[asciiDomain] ?? { kind: "not_found" });
  }
}

const mx = (...exchanges: string[]): MailDomainLookup => ({
  kind: "mx",
  mxRecords: exchanges.map((exchange, i) => ({ exchange, priority: (i + 1) * 10 })),
});

const fixtureAnswers: Record<string, MailDomainLookup> = {
  "mailscout-demo.test": mx("mx1.mailscout-demo.test", "mx2.mailscout-demo.test"),
  "gmail.com": mx("gmail-smtp-in.l.google.com"),
  "mailinator.com": mx("mail.mailinator.com"),
  "implicit-mx.test": { kind: "implicit", addresses: ["192.0.2.10", "2001:db8::10"] },
  "null-mx.test": { kind: "null_mx" },
  "no-mail.test": { kind: "no_mail_server" },
  "servfail.test": { kind: "error", detail: "SERVFAIL" },
  "timeout.test": { kind: "error", detail: "timed out after 2000 ms" },
  "xn--bcher-kva.test": mx("mx.xn--bcher-kva.test"),
};

const NOW = new Date("2026-11-22T10:00:00.000Z");

function setup() {
  const resolver = new FakeResolver(fixtureAnswers);
  return { resolver, validate: createEmailValidator({ resolver, now: () => NOW }) };
}

async function validated(input: string): Promise<ValidationResult> {
  const result = await setup().validate(input);
  return validationResultSchema.parse(result); // every answer must fit the API contract as it is
}

Deno.test("a deliverable address: the whole result", async () => {
  assert.deepEqual(await validated("  Ann.Lee@MailScout-Demo.TEST "), {
    email: "Ann.Lee@mailscout-demo.test",
    domain: "mailscout-demo.test",
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
    riskScore: 0,
    deliverabilityScore: 100,
    smtp: { status: "not_checked", reason: "not_requested" },
    validatedAt: "2026-11-22T10:00:00.000Z",
  });
});

type Row = [address: string, verdict: Verdict, reasons: ReasonCode[], isValid: boolean, mxRecordsFound: boolean];
const byDomain: Row[] = [
  ["ann@implicit-mx.test", "risky", ["no_mx_implicit_a"], true, false],
  ["ann@null-mx.test", "undeliverable", ["null_mx"], false, false],
  ["ann@no-mail.test", "undeliverable", ["no_mail_server"], false, false],
  ["ann@nowhere.test", "undeliverable", ["domain_not_found"], false, false],
  ["ann@servfail.test", "unknown", ["dns_error"], false, false],
  ["ann@timeout.test", "unknown", ["dns_error"], false, false],
  ["ann@gmail.com", "deliverable", ["free_provider"], true, true],
  ["ann@mailinator.com", "risky", ["disposable"], true, true],
  ["info@mailscout-demo.test", "risky", ["role_account"], true, true],
  ["no-reply+alerts@gmail.com", "risky", ["role_account", "free_provider"], true, true],
  ["support@implicit-mx.test", "risky", ["no_mx_implicit_a", "role_account"], true, false],
  ["admin@servfail.test", "unknown", ["dns_error", "role_account"], false, false],
];
for (const [address, verdict, reasons, isValid, mxRecordsFound] of byDomain) {
  Deno.test(`${address} is ${verdict} (${reasons.join(", ")})`, async () => {
    const result = await validated(address);
    assert.deepEqual(
      [result.verdict, result.reasons, result.isValid, result.mxRecordsFound],
      [verdict, reasons, isValid, mxRecordsFound],
    );
    // MX hosts are listed exactly when real MX records were found (an implicit or null MX has none to show).
    assert.equal(result.mxRecords.length > 0, mxRecordsFound);
  });
}

Deno.test("flags and scores follow the reasons", async () => {
  const disposable = await validated("ann@mailinator.com");
  assert.deepEqual([disposable.disposable, disposable.freeProvider, disposable.roleAccount], [true, false, false]);
  const role = await validated("info@mailscout-demo.test");
  assert.deepEqual([role.disposable, role.freeProvider, role.roleAccount], [false, false, true]);
  const free = await validated("ann@gmail.com");
  assert.deepEqual([free.disposable, free.freeProvider, free.roleAccount], [false, true, false]);
  assert.ok(free.riskScore < role.riskScore && role.riskScore < disposable.riskScore);
  assert.ok(free.deliverabilityScore > role.deliverabilityScore);
  const gone = await validated("ann@nowhere.test");
  assert.deepEqual([gone.riskScore, gone.deliverabilityScore], [100, 0]);
});

Deno.test("a typo of a provider: the full corrected address, and the typo domain's own verdict", async () => {
  const result = await validated("Ann@Gmail.con");
  assert.equal(result.suggestion, "Ann@gmail.com");
  assert.equal(result.verdict, "undeliverable");
  assert.deepEqual(result.reasons, ["domain_not_found", "possible_typo"]);
});

Deno.test("gmial.com suggests gmail.com; the disposable list names the typo domain as a mail trap", async () => {
  const result = await validated("ann@gmial.com");
  assert.equal(result.suggestion, "ann@gmail.com");
  assert.equal(result.disposable, true);
  assert.deepEqual(result.reasons, ["domain_not_found", "disposable", "possible_typo"]);
});

Deno.test("a typo that still receives mail stays deliverable: the suggestion informs, it doesn't condemn", async () => {
  const validate = createEmailValidator({
    resolver: new FakeResolver({ "outlok.com": mx("mx.outlok.com") }),
    now: () => NOW,
  });
  const result = await validate("ann@outlok.com");
  assert.equal(result.verdict, "deliverable");
  assert.deepEqual(result.reasons, ["possible_typo"]);
  assert.equal(result.suggestion, "ann@outlook.com");
});

Deno.test("an internationalised domain is looked up by its A-label and shown in Unicode", async () => {
  const { resolver, validate } = setup();
  const result = await validate("jörg@BÜCHER.test");
  assert.deepEqual(resolver.asked, ["xn--bcher-kva.test"]);
  assert.equal(result.email, "jörg@bücher.test");
  assert.equal(result.domain, "bücher.test");
  assert.equal(result.verdict, "deliverable");
});

Deno.test("invalid syntax never asks DNS and says so in one reason", async () => {
  const { resolver, validate } = setup();
  for (const input of ["ann@", "ann", "ann..lee@gmail.com", "ann@[192.0.2.1]", " ann@exa_mple.com "]) {
    const result = validationResultSchema.parse(await validate(input));
    assert.equal(result.formatValid, false, input);
    assert.equal(result.verdict, "undeliverable", input);
    assert.deepEqual(result.reasons, ["invalid_syntax"], input);
    assert.deepEqual([result.riskScore, result.deliverabilityScore], [100, 0], input);
  }
  assert.deepEqual(resolver.asked, []);
});

Deno.test("an invalid address is echoed trimmed, with whatever follows its last @ as the domain", async () => {
  const { validate } = setup();
  const result = await validate("  Ann Lee@Example.COM ");
  assert.equal(result.email, "Ann Lee@Example.COM");
  assert.equal(result.domain, "example.com");
  assert.equal(result.suggestion, null);
  assert.deepEqual([result.disposable, result.roleAccount, result.freeProvider], [false, false, false]);
  assert.equal((await validate("no address")).domain, "");
});

Deno.test("validatedAt comes from the clock it was given, read at each validation", async () => {
  let tick = 0;
  const clock = () => new Date(Date.UTC(2026, 10, 22, 10, 0, tick++));
  const validate = createEmailValidator({ resolver: new FakeResolver(fixtureAnswers), now: clock });
  assert.equal((await validate("ann@gmail.com")).validatedAt, "2026-11-22T10:00:00.000Z");
  assert.equal((await validate("ann@")).validatedAt, "2026-11-22T10:00:01.000Z");
});

Deno.test("a caller changing its result's MX list cannot change what the resolver hands the next caller", async () => {
  const { validate } = setup();
  const first = await validate("ann@gmail.com");
  first.mxRecords[0]!.exchange = "changed.example";
  first.mxRecords.length = 0;
  assert.deepEqual((await validate("bob@gmail.com")).mxRecords, [
    { exchange: "gmail-smtp-in.l.google.com", priority: 10 },
  ]);
});

Deno.test("a suggestion for an internationalised domain is shown in Unicode, like the domain", async () => {
  const result = await validated("jörg@BÜCHER.con");
  assert.equal(result.domain, "bücher.con");
  assert.equal(result.suggestion, "jörg@bücher.com");
});
