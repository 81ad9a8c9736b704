import assert from "node:assert/strict";
import { DomainError } from "../errors.ts";
import { landingPageOf, removalEmail, speaksForPage } from "./removals.ts";

const SITE = "https://mailscout.example";

Deno.test("landingPageOf: a landing page's path or absolute URL on the site, in any spelling of its slug", () => {
  assert.deepEqual(landingPageOf("/verify/acme-corp.test", SITE), { pageType: "domain_verify", slug: "acme-corp.test" });
  assert.deepEqual(landingPageOf(`${SITE}/tools/mx-checker/ACME-corp.test./?utm=x#top`, SITE), {
    pageType: "mx_checker",
    slug: "acme-corp.test",
  });
  assert.deepEqual(landingPageOf(`${SITE}/validate/info%40acme-corp.test`, SITE), {
    pageType: "email_validate",
    slug: "info@acme-corp.test",
  });
  assert.deepEqual(landingPageOf("/validate/j***-3f9a@acme-corp.test", SITE), {
    pageType: "email_validate",
    slug: "j***-3f9a@acme-corp.test",
  });
  assert.deepEqual(landingPageOf("/verify/bücher.de", SITE), { pageType: "domain_verify", slug: "xn--bcher-kva.de" });
});

Deno.test("landingPageOf: anything else is a 400 naming url", () => {
  for (
    const url of [
      "https://elsewhere.example/verify/acme-corp.test",
      "//elsewhere.example/verify/acme-corp.test",
      "http://mailscout.example/verify/acme-corp.test",
      "/pricing",
      "/verify/",
      "/verify/not a domain",
      "/validate/no-at-sign.test",
      "/validate/%E0%A4%A",
      "javascript:alert(1)",
    ]
  ) {
    assert.throws(() => landingPageOf(url, SITE), (error: unknown) => {
      assert.ok(error instanceof DomainError && error.reason === "invalid_input", url);
      assert.match((error as DomainError<"invalid_input">).details.problem, /^url must be/);
      return true;
    });
  }
});

Deno.test("speaksForPage: an address at the page's domain or a subdomain of it, in any case or spelling", () => {
  const page = { entityDomain: "acme-corp.test" };
  assert.equal(speaksForPage("postmaster@acme-corp.test", page), true);
  assert.equal(speaksForPage("it@Mail.ACME-corp.test", page), true);
  assert.equal(speaksForPage("jane@notacme-corp.test", page), false);
  assert.equal(speaksForPage("jane@acme-corp.test.evil.example", page), false);
  assert.equal(speaksForPage("jane@gmail.com", page), false);
  assert.equal(speaksForPage("owner@bücher.de", { entityDomain: "xn--bcher-kva.de" }), true);
});

Deno.test("removalEmail: plain words, the page, the link, what it does and when it expires", () => {
  const mail = removalEmail(`${SITE}/verify/acme-corp.test`, `${SITE}/seo-removal/TOKEN`);
  assert.equal(mail.subject, "Confirm the removal of a MailScout page");
  assert.ok(mail.text.includes(`${SITE}/verify/acme-corp.test\n`));
  assert.ok(mail.text.includes(`${SITE}/seo-removal/TOKEN\n`));
  assert.match(mail.text, /expires in 48 hours/);
  assert.match(mail.text, /ignore this email/);
  assert.doesNotMatch(mail.text, /</);
});
