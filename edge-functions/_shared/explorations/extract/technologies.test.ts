import assert from "node:assert/strict";
import { extractFromPages } from "./index.ts";
import { detectTechnologies, type TechnologyEvidence } from "./technologies.ts";
import { fixtureCrawl, homePageCrawl } from "./testdata/fixture-crawl.ts";

const nothing: TechnologyEvidence = {
  headers: [],
  cookies: new Map(),
  meta: [],
  scriptSources: [],
  html: "",
  inlineScripts: "",
  visibleText: "",
};
const names = (evidence: Partial<TechnologyEvidence>) =>
  detectTechnologies({ ...nothing, ...evidence }).map(({ name }) => name);

Deno.test("WordPress from its generator and asset paths, with what the data says it implies", () => {
  const { domainInfo, detectedTechnologies } = extractFromPages(
    "northwind-traders.test",
    homePageCrawl("northwind-traders.test", "staff-table.html"),
  );
  assert.deepEqual(domainInfo.technologies, ["WordPress", "MySQL", "PHP", "jQuery"]);
  assert.equal(detectedTechnologies.hasWebsiteBuilder, false);
});

Deno.test("Google Analytics and Tag Manager from the gtag script", () => {
  const { domainInfo } = extractFromPages("brightwave.test", homePageCrawl("brightwave.test", "team-cards.html"));
  assert.deepEqual(domainInfo.technologies, ["Google Analytics", "Google Tag Manager"]);
});

Deno.test("Wix: a hosted builder, named once though a looser pattern also claims its generator", () => {
  const { domainInfo, detectedTechnologies } = extractFromPages(
    "rosemary-thyme.test",
    fixtureCrawl("rosemary-thyme.test", [
      { file: "builder-wix.html", path: "/" },
      { file: "builder-wix.html", path: "/contact" },
    ]),
  );
  assert.deepEqual(domainInfo.technologies, ["Wix", "React"]);
  assert.deepEqual(detectedTechnologies, {
    hasJavaScriptRendering: false,
    hasWebsiteBuilder: true,
    recommendations: [
      "The site is made with Wix: sites built this way often offer a contact form instead of an address. Look for " +
      "a form, a chat or a booking page.",
    ],
    explorationTips: [
      "Open https://rosemary-thyme.test/contact in a browser: addresses may sit in images, forms or parts that load " +
      "later.",
      "Read the legal notice (Impressum) or privacy policy: many countries require them to name a contact.",
      "Search LinkedIn for the company to find its people and their roles.",
    ],
  });
});

Deno.test("Squarespace from its Server header; its 'Studio owner' line is not the bookings mailbox's title", () => {
  const { domainInfo, detectedTechnologies, emails } = extractFromPages(
    "kilnandclay.test",
    homePageCrawl("kilnandclay.test", "builder-squarespace.html", { server: "Squarespace" }),
  );
  assert.deepEqual(domainInfo.technologies, ["Squarespace", "Squarespace Commerce"]);
  assert.equal(detectedTechnologies.hasWebsiteBuilder, true);
  assert.deepEqual(emails.map(({ email, name, position }) => [email, name, position]), [
    ["classes@kilnandclay.test", null, null],
  ]);
});

Deno.test("Shopify from its CDN scripts and meta; Webflow from its generator: both hosted builders", () => {
  const shop = extractFromPages("saltmarsh-candles.test", homePageCrawl("saltmarsh-candles.test", "builder-shopify.html"));
  assert.deepEqual(shop.domainInfo.technologies, ["Shopify"]);
  assert.equal(shop.detectedTechnologies.hasWebsiteBuilder, true);
  const studio = extractFromPages("northpeak-studio.test", homePageCrawl("northpeak-studio.test", "builder-webflow.html"));
  assert.deepEqual(studio.domainInfo.technologies, ["Webflow", "jQuery"]);
  assert.equal(studio.detectedTechnologies.hasWebsiteBuilder, true);
  assert.deepEqual(studio.emails.map(({ email, name, position }) => [email, name, position]), [
    ["ingrid@northpeak-studio.test", "Ingrid Solberg", "Creative Director"],
    ["lars@northpeak-studio.test", "Lars Nygaard", "Design Lead"],
  ]);
});

Deno.test("headers, cookies and generators: Cloudflare, nginx, PHP, Shopify, Webflow, HubSpot", () => {
  assert.deepEqual(
    names({
      headers: [new Map([["server", "cloudflare"], ["cf-ray", "8a1b2c3d4e5f-AMS"], ["x-powered-by", "PHP/8.3.1"]])],
    }),
    ["PHP", "Cloudflare"],
  );
  assert.deepEqual(names({ headers: [new Map([["server", "nginx/1.25.3"]])] }), ["Nginx"]);
  assert.deepEqual(names({ cookies: new Map([["_shopify_y", "abc"]]), scriptSources: [] }), ["Shopify"]);
  assert.deepEqual(names({ meta: [new Map([["generator", ["Webflow"]]])] }), ["Webflow"]);
  assert.deepEqual(names({ scriptSources: ["https://js.hs-scripts.com/1234567.js"] }), ["HubSpot"]);
});

Deno.test("cookie names given as patterns in the data (_ga_*) match", () => {
  assert.deepEqual(names({ cookies: new Map([["_ga_ABC123", "GS1.1"]]) }), ["Google Analytics"]);
});

Deno.test("a technology that requires another is only reported with it (Elementor needs WordPress)", () => {
  const generator = [new Map([["generator", ["Elementor 3.20.0"]]])];
  assert.deepEqual(names({ meta: generator }), []);
  const plugin = "https://acme.test/wp-content/plugins/elementor/assets/js/frontend-modules.min.js?ver=3.20.0";
  assert.deepEqual(names({ meta: generator, scriptSources: [plugin] }), ["WordPress", "MySQL", "PHP", "Elementor"]);
});

Deno.test("nothing detected on a page with no fingerprints", () => {
  assert.deepEqual(names({ html: "<html><body><p>Hello</p></body></html>", visibleText: "Hello" }), []);
});

Deno.test("a JavaScript shell: rendering flagged, the limitation explained, and tips given", () => {
  const { detectedTechnologies } = extractFromPages("orbitly.test", homePageCrawl("orbitly.test", "js-shell.html"));
  assert.deepEqual(detectedTechnologies, {
    hasJavaScriptRendering: true,
    hasWebsiteBuilder: false,
    recommendations: [
      "The site builds its pages with JavaScript: addresses that only appear once scripts run were not visible to " +
      "the explorer. Open the site in a browser to see them.",
    ],
    explorationTips: [
      "Look for a Contact, About or Team page on orbitly.test and read its footer: addresses are often there.",
      "Read the legal notice (Impressum) or privacy policy: many countries require them to name a contact.",
      "Search LinkedIn for the company to find its people and their roles.",
    ],
  });
});

Deno.test("a site read in full with addresses has no limitations; one without any gets advice", () => {
  const staff = extractFromPages("northwind-traders.test", homePageCrawl("northwind-traders.test", "staff-table.html"));
  assert.deepEqual(staff.detectedTechnologies.recommendations, []);
  assert.deepEqual(staff.detectedTechnologies.explorationTips, []);

  const crawl = homePageCrawl("brightwave.test", "team-cards.html");
  crawl.pages[0]!.html = crawl.pages[0]!.html.replace(/<section class="team">[\s\S]*<\/section>/, "");
  crawl.pages.push({ ...crawl.pages[0]!, url: "https://brightwave.test/contact" });
  const none = extractFromPages("brightwave.test", { ...crawl, partial: true });
  assert.equal(none.emails.length, 0);
  assert.deepEqual(none.detectedTechnologies.recommendations, [
    "Not every page could be read in time: exploring again later may find more.",
  ]);
  assert.deepEqual(none.detectedTechnologies.explorationTips, [
    "Open https://brightwave.test/contact in a browser: addresses may sit in images, forms or parts that load later.",
    "Read the legal notice (Impressum) or privacy policy: many countries require them to name a contact.",
    "Visit the company's LinkedIn page (https://www.linkedin.com/company/brightwave-labs) to find its people and " +
    "their roles.",
  ]);
});
