import assert from "node:assert/strict";
import { isDisposableDomain, isFreeProviderDomain } from "./provider-flags.ts";
import { disposableDomains, freeProviderDomains } from "./lists.ts";

Deno.test("the lists loaded from their packages are the size their packages claim", () => {
  // Thousands, not a handful: a package that changed its export would leave a near-empty Set behind.
  assert.ok(disposableDomains.size > 5_000, `disposable: ${disposableDomains.size}`);
  assert.ok(freeProviderDomains.size > 3_000, `free: ${freeProviderDomains.size}`);
});

Deno.test("well-known disposable services are disposable, and not free providers", () => {
  for (const domain of ["mailinator.com", "guerrillamail.com", "10minutemail.com", "yopmail.com"]) {
    assert.equal(isDisposableDomain(domain), true, domain);
    assert.equal(isFreeProviderDomain(domain), false, domain);
  }
});

Deno.test("a subdomain of a disposable service is disposable too", () => {
  assert.equal(isDisposableDomain("inbox.mailinator.com"), true);
  assert.equal(isDisposableDomain("a.b.mailinator.com"), true);
});

Deno.test("free mailbox providers are free and not disposable", () => {
  const providers = ["gmail.com", "googlemail.com", "hotmail.com", "outlook.com", "yahoo.com", "gmx.de", "proton.me"];
  for (const domain of providers) {
    assert.equal(isFreeProviderDomain(domain), true, domain);
    assert.equal(isDisposableDomain(domain), false, domain);
  }
});

Deno.test("only the listed domain itself is a free provider, not its subdomains", () => {
  assert.equal(isFreeProviderDomain("mail.gmail.com"), false);
});

Deno.test("company and fixture domains are neither", () => {
  for (const domain of ["example.com", "mailscout-demo.test", "xn--bcher-kva.test", "com"]) {
    assert.equal(isDisposableDomain(domain), false, domain);
    assert.equal(isFreeProviderDomain(domain), false, domain);
  }
});

Deno.test("no domain counts as both free and disposable", () => {
  for (const domain of freeProviderDomains) assert.equal(disposableDomains.has(domain), false, domain);
});
