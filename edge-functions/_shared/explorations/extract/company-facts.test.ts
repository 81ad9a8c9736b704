import assert from "node:assert/strict";
import { extractFromPages } from "./index.ts";
import { fixtureCrawl, homePageCrawl } from "./testdata/fixture-crawl.ts";

function facts(domain: string, file: string) {
  const { companyDescription, address, phone, socialMedia } =
    extractFromPages(domain, homePageCrawl(domain, file)).domainInfo;
  return { companyDescription, address, phone, socialMedia };
}

Deno.test("schema.org Organization: description, postal address in lines, phone, sameAs profiles", () => {
  assert.deepEqual(facts("lindqvist-maschinenbau.test", "json-ld-organisation.html"), {
    companyDescription: "Lindqvist Maschinenbau builds special-purpose machines for the packaging industry, from " +
      "design to commissioning.",
    address: "Industriestraße 12\n70565 Stuttgart\nGermany",
    phone: "+497111234560",
    socialMedia: [
      { platform: "linkedin", url: "https://www.linkedin.com/company/lindqvist-maschinenbau" },
      { platform: "youtube", url: "https://www.youtube.com/@lindqvistmaschinenbau" },
    ],
  });
});

Deno.test("a LegalService in an @graph, its Australian address and national phone (country from the address)", () => {
  assert.deepEqual(facts("carterwong.test", "json-ld-people.html"), {
    companyDescription: null,
    address: "Level 9, 1 Market Street\nSydney, NSW 2000\nAustralia",
    phone: "+61290001234",
    socialMedia: [{ platform: "linkedin", url: "https://www.linkedin.com/company/carter-wong-legal" }],
  });
});

Deno.test("no structured data: meta description, <address> block, header phone, profile links but not share links", () => {
  assert.deepEqual(facts("fernhill-dental.test", "footer-contacts.html"), {
    companyDescription: "Fernhill Dental Practice offers NHS and private family dentistry in Leeds, with evening " +
      "and Saturday appointments.",
    address: "27 Fernhill Road\nHeadingley\nLeeds LS6 3HN",
    phone: "+441134960000",
    socialMedia: [
      { platform: "facebook", url: "https://www.facebook.com/FernhillDental" },
      { platform: "instagram", url: "https://www.instagram.com/fernhilldental" },
    ],
  });
});

Deno.test("an Impressum's 'Telefon:' number, national form, normalised with the .de country", () => {
  assert.deepEqual(facts("sonnenkorn-baeckerei.de", "impressum-de.html"), {
    companyDescription: null,
    address: null,
    phone: "+497611234567",
    socialMedia: [],
  });
});

Deno.test("the Open Graph description stands in for a missing meta description", () => {
  assert.equal(facts("brightwave.test", "team-cards.html").companyDescription,
    "Brightwave Labs builds battery analytics for fleets.");
});

Deno.test("the footer's phone; profiles from sameAs, not links seen on one inner page only", () => {
  const domain = "maplestone-brewing.test";
  const { domainInfo } = extractFromPages(
    domain,
    fixtureCrawl(domain, [
      { file: "brewery-home.html", path: "/" },
      { file: "team-cards.html", path: "/team" },
    ]),
  );
  assert.equal(domainInfo.companyDescription,
    "Maplestone Brewing brews small-batch ales in Mont-Tremblant and runs a taproom open daily.");
  assert.equal(domainInfo.phone, "+18195550188");
  assert.deepEqual(domainInfo.socialMedia, [
    { platform: "facebook", url: "https://www.facebook.com/maplestonebrewing" },
    { platform: "instagram", url: "https://www.instagram.com/maplestonebrewing" },
  ]);
});
