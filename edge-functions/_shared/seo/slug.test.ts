import assert from "node:assert/strict";
import { canonicalDomain, canonicalSlug } from "./slug.ts";

Deno.test("a domain slug is lower-case A-labels without a trailing dot", () => {
  assert.equal(canonicalDomain("Acme-Corp.TEST."), "acme-corp.test");
  assert.equal(canonicalDomain("bücher.de"), "xn--bcher-kva.de");
  assert.equal(canonicalDomain("not a domain"), null);
  assert.equal(canonicalDomain("localhost"), null);
});

Deno.test("an address slug lower-cases the local part and canonicalises the domain", () => {
  assert.equal(canonicalSlug("email_validate", "Info@Bücher.DE"), "info@xn--bcher-kva.de");
  assert.equal(canonicalSlug("email_validate", "j***-3f9a@acme.com"), "j***-3f9a@acme.com");
  assert.equal(canonicalSlug("email_validate", "acme.com"), null);
  assert.equal(canonicalSlug("email_validate", "a/b@acme.com"), null);
  assert.equal(canonicalSlug("mx_checker", "ACME.com"), "acme.com");
});
