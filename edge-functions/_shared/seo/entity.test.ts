import assert from "node:assert/strict";
import { keywordEntity } from "./entity.ts";

const cases: [string, Parameters<typeof keywordEntity>[0], string, unknown][] = [
  ["an address for email_validate", "email_validate", "is info@acme-corp.test valid?", {
    kind: "address",
    local: "info",
    domainAscii: "acme-corp.test",
    domainUnicode: "acme-corp.test",
  }],
  ["no address for email_validate", "email_validate", "validate acme-corp.test", null],
  ["a domain for mx_checker", "mx_checker", "acme-corp.test mx records", {
    kind: "domain",
    domainAscii: "acme-corp.test",
    domainUnicode: "acme-corp.test",
  }],
  ["an address's domain for domain_verify", "domain_verify", "verify jane@Acme-Corp.TEST", {
    kind: "domain",
    domainAscii: "acme-corp.test",
    domainUnicode: "acme-corp.test",
  }],
  ["an IDN in Unicode", "mx_checker", "mx checker for Bücher.test.", {
    kind: "domain",
    domainAscii: "xn--bcher-kva.test",
    domainUnicode: "bücher.test",
  }],
  ["a URL", "domain_verify", "https://www.acme-corp.test/contact", {
    kind: "domain",
    domainAscii: "www.acme-corp.test",
    domainUnicode: "www.acme-corp.test",
  }],
  ["a quoted address", "email_validate", "\"Sales@acme-corp.test\" deliverable", {
    kind: "address",
    local: "Sales",
    domainAscii: "acme-corp.test",
    domainUnicode: "acme-corp.test",
  }],
  ["words only", "mx_checker", "best mx checker", null],
  ["an invalid domain", "mx_checker", "check acme_corp.test", null],
];

for (const [name, pageType, keyword, expected] of cases) {
  Deno.test(`keywordEntity: ${name}`, () => {
    assert.deepEqual(keywordEntity(pageType, keyword), expected);
  });
}
