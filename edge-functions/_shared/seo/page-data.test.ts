import assert from "node:assert/strict";
import { keywordEntity } from "./entity.ts";
import { type PageFacts, pageVariables, providerFromMx } from "./page-data.ts";
import type { SeoEntity } from "./privacy.ts";

const day = new Date("2026-11-26T00:00:00Z");
const domain = keywordEntity("domain_verify", "acme-corp.test") as SeoEntity;
const base: PageFacts = { lookup: { kind: "null_mx" }, txt: [], dmarcTxt: [], stats: null, latest: null };
const vars = (facts: Partial<PageFacts>, entity = domain, pageType: "domain_verify" | "email_validate" = "domain_verify") =>
  pageVariables(pageType, entity, "shown", { ...base, ...facts }, day);

Deno.test("the provider is named from the MX hosts", () => {
  assert.equal(providerFromMx("acme.test", ["aspmx.l.google.com"]), "Google Workspace");
  assert.equal(providerFromMx("acme.test", ["acme-test.mail.protection.outlook.com"]), "Microsoft 365");
  assert.equal(providerFromMx("acme.test", ["mx01.mail.icloud.com.pphosted.com"]), "Proofpoint");
  assert.equal(providerFromMx("acme.test", ["mx1.acme.test", "mx2.acme.test"]), "self-hosted");
  assert.equal(providerFromMx("acme.test", ["mx.bench.test"]), null);
});

Deno.test("MX summary: null MX, implicit MX, no mail server, DNS failure", () => {
  assert.match(vars({ lookup: { kind: "null_mx" } }).mxSummary!, /null MX record: it accepts no email/);
  assert.equal(vars({ lookup: { kind: "null_mx" } }).mxCount, "0");
  assert.match(vars({ lookup: { kind: "implicit", addresses: ["192.0.2.1"] } }).mxSummary!, /implicit MX/);
  assert.match(vars({ lookup: { kind: "no_mail_server" } }).mxSummary!, /nothing can receive its mail/);
  const failed = vars({ lookup: { kind: "error", detail: "SERVFAIL" }, txt: null, dmarcTxt: null });
  assert.deepEqual(Object.keys(failed).sort(), ["checkedAt", "domain"]);
  assert.equal(failed.checkedAt, "2026-11-26");
});

Deno.test("SPF: each all policy, none, two records", () => {
  const spf = (record: string) => vars({ txt: ["google-site-verification=x", record] }).spf!;
  assert.match(spf("v=spf1 mx -all"), /reject mail from servers it does not list \(-all\)/);
  assert.match(spf("v=spf1 mx ~all"), /suspicious \(~all\)/);
  assert.match(spf("v=spf1 mx ?all"), /no position .* \(\?all\)/);
  assert.match(spf("v=spf1 +all"), /protects nothing/);
  assert.match(spf("v=spf1 include:x.test"), /does not end with an all rule/);
  assert.match(vars({ txt: [] }).spf!, /publishes no SPF record/);
  assert.match(vars({ txt: ["v=spf1 -all", "v=spf1 ~all"] }).spf!, /2 SPF records/);
});

Deno.test("DMARC: each policy, none published, a record without a policy", () => {
  const dmarc = (record: string) => vars({ dmarcTxt: [record] }).dmarc!;
  assert.match(dmarc("v=DMARC1; p=none; rua=mailto:x@acme-corp.test"), /only to report/);
  assert.match(dmarc("v=DMARC1;p=quarantine"), /into spam \(p=quarantine\)/);
  assert.match(dmarc("v=DMARC1; p=reject"), /\(p=reject\)/);
  assert.match(dmarc("v=DMARC1; rua=mailto:x@acme-corp.test"), /without a valid policy/);
  assert.match(vars({ dmarcTxt: [] }).dmarc!, /publishes no DMARC policy/);
});

Deno.test("an address page's verdict and reasons come from DNS when the address was never validated", () => {
  const info = keywordEntity("email_validate", "info@implicit-mx.test") as SeoEntity;
  const variables = vars({ lookup: { kind: "implicit", addresses: ["192.0.2.10"] } }, info, "email_validate");
  assert.equal(variables.address, "shown");
  assert.match(variables.verdict!, /may accept mail/);
  assert.match(variables.reasons!, /^<ul><li>The domain has no MX records.*<li>The address belongs to a role/);
  assert.equal(vars({}, domain).verdict, undefined);
});
