import assert from "node:assert/strict";
import { keywordEntity } from "./entity.ts";
import { type PageFacts, pageVariables } from "./page-data.ts";
import type { SeoEntity } from "./privacy.ts";
import { type ContentTemplate, cutAtWord, pickTemplate, renderTemplate } from "./templates.ts";

const template = (overrides: Partial<ContentTemplate> = {}): ContentTemplate => ({
  id: "00000000-0000-4000-8000-000000000001",
  pageType: "mx_checker",
  templateName: "mx-a",
  titleTemplate: "MX records of {domain} – {provider}",
  metaTemplate: "Check the MX records of {domain}. {mxSummary} {spf}",
  h1Template: "MX records for {domain}",
  contentTemplate: "<p>{mxSummary}</p>{mxTable}<p>{spf}</p><p>{dmarc}</p><p>{validationStats}</p><p>{unknownName}</p>",
  schemaTemplate: {},
  fallbacks: {
    provider: "an unknown provider",
    mxTable: "We could not read the MX records of {domain}.",
    validationStats: "MailScout has not validated enough addresses at this domain to publish figures.",
  },
  ...overrides,
});

const page = { pageType: "mx_checker" as const, canonicalUrl: "https://mailscout.test/tools/mx-checker/acme-corp.test", siteUrl: "https://mailscout.test", shownEntity: "acme-corp.test" };
const acme = keywordEntity("mx_checker", "acme-corp.test") as SeoEntity;
const day = new Date("2026-11-26T12:00:00Z");

const facts = (overrides: Partial<PageFacts> = {}): PageFacts => ({
  lookup: { kind: "mx", mxRecords: [{ priority: 10, exchange: "aspmx.l.google.com" }] },
  txt: ["v=spf1 include:_spf.google.com -all"],
  dmarcTxt: ["v=DMARC1; p=reject; rua=mailto:d@acme-corp.test"],
  stats: null,
  latest: null,
  ...overrides,
});

Deno.test("missing data renders the fallback, an unknown name nothing, never a raw {name}", () => {
  const rendered = renderTemplate(template(), pageVariables("mx_checker", acme, "acme-corp.test", facts({ lookup: { kind: "error", detail: "timeout" }, txt: null, dmarcTxt: null }), day), page);
  assert.equal(rendered.title, "MX records of acme-corp.test – an unknown provider");
  assert.match(rendered.content, /We could not read the MX records of acme-corp.test\./);
  assert.match(rendered.content, /not validated enough addresses/);
  for (const text of [rendered.title, rendered.metaDescription, rendered.h1, rendered.content, JSON.stringify(rendered.schemaMarkup)]) {
    assert.doesNotMatch(text, /\{[A-Za-z]+\}/);
  }
  assert.match(rendered.content, /<p><\/p>$/);
});

Deno.test("a heading that renders empty gets the entity: a page always has a title and an h1", () => {
  const rendered = renderTemplate(template({ titleTemplate: "{unknownName}", h1Template: " " }), pageVariables("mx_checker", acme, "acme-corp.test", facts(), day), page);
  assert.equal(rendered.title, "acme-corp.test");
  assert.equal(rendered.h1, "acme-corp.test");
});

Deno.test("real data fills the variables", () => {
  const rendered = renderTemplate(template(), pageVariables("mx_checker", acme, "acme-corp.test", facts({
    stats: { total: 12, deliverable: 9, risky: 2, undeliverable: 1, lastChecked: new Date("2026-11-20T08:00:00Z") },
  }), day), page);
  assert.equal(rendered.title, "MX records of acme-corp.test – Google Workspace");
  assert.match(rendered.content, /<td>10<\/td><td>aspmx\.l\.google\.com<\/td>/);
  assert.match(rendered.content, /reject mail from servers it does not list \(-all\)/);
  assert.match(rendered.content, /reject mail that fails SPF and DKIM \(p=reject\)/);
  assert.match(rendered.content, /validated 12 addresses at acme-corp\.test: 75% deliverable, 17% risky and 8% undeliverable \(last checked 2026-11-20\)/);
});

Deno.test("validation figures only from 10 validations", () => {
  const variables = pageVariables("mx_checker", acme, "acme-corp.test", facts({
    stats: { total: 9, deliverable: 9, risky: 0, undeliverable: 0, lastChecked: day },
  }), day);
  assert.equal(variables.validationStats, undefined);
});

Deno.test("hostile values: a script in a TXT record, quotes in an MX name", () => {
  const rendered = renderTemplate(template(), pageVariables("mx_checker", acme, "acme-corp.test", facts({
    lookup: { kind: "mx", mxRecords: [{ priority: 10, exchange: "mx\"><img src=x onerror=alert(1)>.acme-corp.test" }] },
    txt: ["v=spf1 <script>alert(1)</script> -all"],
    dmarcTxt: ["v=DMARC1; p=<script>x</script>"],
  }), day), page);
  assert.doesNotMatch(rendered.content, /<script|<img|onerror="/i);
  assert.match(rendered.content, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(rendered.content, /mx&#34;&gt;&lt;img|mx"&gt;&lt;img|mx&quot;&gt;&lt;img/);
  // Plain text fields keep the text as text; the document renderer escapes it.
  assert.match(rendered.metaDescription, /^Check the MX records of acme-corp\.test\./);
});

Deno.test("a template's own markup is sanitised too", () => {
  const rendered = renderTemplate(template({ contentTemplate: "<p onclick=\"x()\">{domain}</p><script>steal()</script><iframe src=\"https://evil.test\"></iframe>" }), pageVariables("mx_checker", acme, "acme-corp.test", facts(), day), page);
  assert.equal(rendered.content, "<p>acme-corp.test</p>");
});

Deno.test("the meta description is cut to 160 characters at a word", () => {
  const long = "word ".repeat(60);
  const cut = cutAtWord(long, 160);
  assert.ok(cut.length <= 160, String(cut.length));
  assert.match(cut, /^(word )+word…$/);
  assert.equal(cutAtWord("  short   text ", 160), "short text");
  const rendered = renderTemplate(template({ metaTemplate: `{domain} ${long}` }), pageVariables("mx_checker", acme, "acme-corp.test", facts(), day), page);
  assert.ok(rendered.metaDescription.length <= 160);
  assert.ok(rendered.metaDescription.endsWith("word…"));
});

Deno.test("the template is chosen by the slug, the same each time, and slugs spread over templates", () => {
  const templates = ["b", "a", "c"].map((name) => template({ templateName: name }));
  const slugs = Array.from({ length: 60 }, (_, i) => `bench-${i}.test`);
  const first = slugs.map((slug) => pickTemplate(templates, slug)!.templateName);
  const again = slugs.map((slug) => pickTemplate([...templates].reverse(), slug)!.templateName);
  assert.deepEqual(again, first);
  assert.deepEqual(new Set(first), new Set(["a", "b", "c"]));
  assert.equal(pickTemplate([], "acme-corp.test"), null);
});

Deno.test("schema markup: WebPage, BreadcrumbList, FAQPage and, for the MX checker, WebApplication", () => {
  const rendered = renderTemplate(template({ schemaTemplate: { about: "Mail of {domain}" } }), pageVariables("mx_checker", acme, "acme-corp.test", facts(), day), page);
  const graph = (rendered.schemaMarkup["@graph"] as Record<string, unknown>[]);
  assert.deepEqual(graph.map((node) => node["@type"]), ["WebPage", "BreadcrumbList", "FAQPage", "WebApplication"]);
  assert.equal(graph[0]!.about, "Mail of acme-corp.test");
  assert.equal(graph[0]!.description, rendered.metaDescription);
  const verify = renderTemplate(template({ pageType: "domain_verify" }), pageVariables("domain_verify", acme, "acme-corp.test", facts(), day), { ...page, pageType: "domain_verify" });
  assert.deepEqual((verify.schemaMarkup["@graph"] as Record<string, unknown>[]).map((node) => node["@type"]), ["WebPage", "BreadcrumbList", "FAQPage"]);
});

Deno.test("an address page shows the masked address and the verdict in plain words", () => {
  const jane = keywordEntity("email_validate", "jane.doe@acme-corp.test") as SeoEntity;
  const variables = pageVariables("email_validate", jane, "j***@acme-corp.test", facts({ latest: { verdict: "risky", reasons: ["role_account"] } }), day);
  const rendered = renderTemplate(template({
    pageType: "email_validate",
    titleTemplate: "Is {address} valid?",
    contentTemplate: "<p>{verdict}</p>{reasons}",
  }), variables, { ...page, pageType: "email_validate", shownEntity: "j***@acme-corp.test" });
  assert.equal(rendered.title, "Is j***@acme-corp.test valid?");
  assert.match(rendered.content, /<p>Risky: /);
  assert.match(rendered.content, /<ul><li>The address belongs to a role/);
  for (const text of [rendered.title, rendered.metaDescription, rendered.h1, rendered.content, JSON.stringify(rendered.schemaMarkup)]) {
    assert.ok(!text.includes("jane") && !text.includes("doe"), text);
  }
});
