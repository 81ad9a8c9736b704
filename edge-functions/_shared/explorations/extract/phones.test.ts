import assert from "node:assert/strict";
import { phoneFromTelLink, phonesInText, siteCountry } from "./phones.ts";

Deno.test("the site's country: stated address first, then a country-code TLD, then the page language's region", () => {
  assert.equal(siteCountry({ domain: "acme.io", addressCountry: "Germany", htmlLang: "en-US" }), "DE");
  assert.equal(siteCountry({ domain: "acme.io", addressCountry: "DE", htmlLang: null }), "DE");
  assert.equal(siteCountry({ domain: "acme.co.uk", addressCountry: null, htmlLang: "en-US" }), "GB");
  assert.equal(siteCountry({ domain: "acme.fr", addressCountry: null, htmlLang: null }), "FR");
  assert.equal(siteCountry({ domain: "acme.test", addressCountry: null, htmlLang: "en-AU" }), "AU");
});

Deno.test("no country from generic TLDs, vanity ccTLDs or a language without a region", () => {
  assert.equal(siteCountry({ domain: "acme.com", addressCountry: null, htmlLang: "de" }), undefined);
  assert.equal(siteCountry({ domain: "acme.io", addressCountry: null, htmlLang: null }), undefined);
  assert.equal(siteCountry({ domain: "acme.co", addressCountry: "Atlantis", htmlLang: "not a tag!" }), undefined);
});

Deno.test("phones in text: national numbers need the country; international ones never do", () => {
  const text = "Call +1 201-555-0123 or (020) 7946 0958, fax 0044 20 7946 0959. Order 12345678, 10115 Berlin.";
  assert.deepEqual(phonesInText(text, "GB").map(({ phone }) => phone), [
    "+12015550123",
    "+442079460958",
    "+442079460959",
  ]);
  assert.deepEqual(phonesInText(text, undefined).map(({ phone }) => phone), ["+12015550123", "+442079460959"]);
});

Deno.test("phonesInText gives each number's place in the text", () => {
  const text = "Tel: (020) 7946 0958";
  const [found] = phonesInText(text, "GB");
  assert.equal(text.slice(found!.start, found!.end), "(020) 7946 0958");
});

Deno.test("tel: links: E.164 when they can be read, else the number as written", () => {
  assert.equal(phoneFromTelLink("tel:+1-212-555-0147", undefined), "+12125550147");
  assert.equal(phoneFromTelLink("tel:(201)%20555-0123", undefined), "(201) 555-0123");
  assert.equal(phoneFromTelLink("tel:(201) 555-0123", "US"), "+12015550123");
  assert.equal(phoneFromTelLink("tel:0049 30 1234567", undefined), "+49301234567");
  assert.equal(phoneFromTelLink("tel:123", "US"), null);
});
