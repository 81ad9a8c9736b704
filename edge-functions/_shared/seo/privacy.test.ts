import assert from "node:assert/strict";
import { keywordEntity } from "./entity.ts";
import { addressSlugHash, type DomainFacts, domainFacts, fullAddress, privacyDecision, type SeoEntity } from "./privacy.ts";

const SECRET = "a worker secret for the tests";
const plain: DomainFacts = { freeMail: false, disposable: false, mailLess: false, suppressed: false };

function entity(keyword: string): SeoEntity {
  const found = keywordEntity(keyword.includes("@") ? "email_validate" : "mx_checker", keyword);
  assert.ok(found, keyword);
  return found;
}

async function decide(keyword: string, facts: Partial<DomainFacts> = {}) {
  const subject = entity(keyword);
  const hash = subject.kind === "address" ? await addressSlugHash(fullAddress(subject), SECRET) : "";
  return { decision: privacyDecision(subject, { ...plain, ...facts }, hash), hash };
}

Deno.test("privacy rule, as a table", async (t) => {
  const janeHash = await addressSlugHash("jane@acme-corp.test", SECRET);
  const rows: [string, string, Partial<DomainFacts>, unknown][] = [
    ["role address: in full", "info@acme-corp.test", {}, {
      publish: true,
      shownEntity: "info@acme-corp.test",
      slug: "info@acme-corp.test",
      longerSlug: null,
    }],
    ["personal address: masked, slug with 4 hex", "jane@acme-corp.test", {}, {
      publish: true,
      shownEntity: "j***@acme-corp.test",
      slug: `j***-${janeHash.slice(0, 4)}@acme-corp.test`,
      longerSlug: `j***-${janeHash.slice(0, 8)}@acme-corp.test`,
    }],
    ["uppercase: the same page as lower case", "JANE@ACME-CORP.TEST", {}, {
      publish: true,
      shownEntity: "j***@acme-corp.test",
      slug: `j***-${janeHash.slice(0, 4)}@acme-corp.test`,
      longerSlug: `j***-${janeHash.slice(0, 8)}@acme-corp.test`,
    }],
    ["free-mail domain", "jane@gmail.com", { freeMail: true }, { publish: false, skipReason: "free_mail_domain" }],
    ["role address at free mail", "info@gmail.com", { freeMail: true }, { publish: false, skipReason: "free_mail_domain" }],
    ["disposable domain", "info@mailinator.com", { disposable: true }, { publish: false, skipReason: "disposable_domain" }],
    ["mail-less domain", "info@null-mx.test", { mailLess: true }, { publish: false, skipReason: "mail_less_domain" }],
    ["suppressed address", "info@acme-corp.test", { suppressed: true }, { publish: false, skipReason: "suppressed" }],
    ["domain page", "Acme-Corp.TEST", {}, {
      publish: true,
      shownEntity: "acme-corp.test",
      slug: "acme-corp.test",
      longerSlug: null,
    }],
    ["domain page at free mail: allowed", "gmail.com", { freeMail: true }, {
      publish: true,
      shownEntity: "gmail.com",
      slug: "gmail.com",
      longerSlug: null,
    }],
    ["suppressed domain", "acme-corp.test", { suppressed: true }, { publish: false, skipReason: "suppressed" }],
    ["IDN domain: Unicode shown, A-labels in the slug", "bücher.test", {}, {
      publish: true,
      shownEntity: "bücher.test",
      slug: "xn--bcher-kva.test",
      longerSlug: null,
    }],
    ["IDN address: masked on the Unicode domain", "Jürgen@bücher.test", {}, "masked"],
  ];
  for (const [name, keyword, facts, expected] of rows) {
    await t.step(name, async () => {
      const { decision, hash } = await decide(keyword, facts);
      if (expected === "masked") {
        assert.deepEqual(decision, {
          publish: true,
          shownEntity: "j***@bücher.test",
          slug: `j***-${hash.slice(0, 4)}@xn--bcher-kva.test`,
          longerSlug: `j***-${hash.slice(0, 8)}@xn--bcher-kva.test`,
        });
      } else {
        assert.deepEqual(decision, expected);
      }
    });
  }
});

Deno.test("two people with one first letter get different slugs, and the hash depends on the secret", async () => {
  const [jane, john] = await Promise.all([
    decide("jane@acme-corp.test"),
    decide("john@acme-corp.test"),
  ]);
  assert.ok(jane.decision.publish && john.decision.publish);
  assert.notEqual(jane.decision.slug, john.decision.slug);
  assert.notEqual(await addressSlugHash("jane@acme-corp.test", "another secret"), jane.hash);
  assert.equal(await addressSlugHash("Jane@Acme-Corp.test", SECRET), jane.hash);
});

Deno.test("a masked page never shows the local part beyond its first letter", async () => {
  const { decision } = await decide("jonathan.smith@acme-corp.test");
  assert.ok(decision.publish);
  for (const text of [decision.shownEntity, decision.slug, decision.longerSlug ?? ""]) {
    assert.ok(!text.includes("onathan") && !text.includes("smith"), text);
  }
});

Deno.test("the facts come from the engine's lists and the lookup's kind", () => {
  assert.deepEqual(domainFacts("gmail.com", "mx", false), { freeMail: true, disposable: false, mailLess: false, suppressed: false });
  assert.deepEqual(domainFacts("mailinator.com", "mx", false), { freeMail: false, disposable: true, mailLess: false, suppressed: false });
  for (const kind of ["null_mx", "no_mail_server", "not_found", "mx_host_unresolved", "mx_private_address"] as const) {
    assert.equal(domainFacts("acme-corp.test", kind, false).mailLess, true, kind);
  }
  for (const kind of ["mx", "implicit", "error"] as const) {
    assert.equal(domainFacts("acme-corp.test", kind, true).mailLess, false, kind);
  }
  assert.equal(domainFacts("acme-corp.test", "mx", true).suppressed, true);
});
