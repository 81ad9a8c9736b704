import assert from "node:assert/strict";
import { linksOf } from "./links.ts";

const hrefs = (html: string, page = "https://acme.test/about/") =>
  linksOf(html, page).map(({ url, text }) => [url.href, text]);

Deno.test("links: hrefs resolve against the page, fragments dropped, with their visible text", () => {
  assert.deepEqual(
    hrefs(`<nav><a href="/contact/#form">Contact <b>us</b></a> <a href="team">  Our
      team </a> <a href="https://other.test/x">Elsewhere</a></nav>`),
    [
      ["https://acme.test/contact/", "Contact us"],
      ["https://acme.test/about/team", "Our team"],
      ["https://other.test/x", "Elsewhere"],
    ],
  );
});

Deno.test("links: an icon link is named by its aria-label or title; <base href> moves the base", () => {
  assert.deepEqual(
    hrefs(`<base href="https://www.acme.test/en/"><a href="kontakt" aria-label="Contact"><svg></svg></a>
      <map><area href="/people" alt="People"></map>`),
    [["https://www.acme.test/en/kontakt", "Contact"], ["https://www.acme.test/people", "People"]],
  );
});

Deno.test("links: anchors without href and unparseable hrefs are skipped; other schemes are kept for the caller", () => {
  assert.deepEqual(
    hrefs(`<a name="top">Top</a><a href="http://[bad">Broken</a><a href="mailto:x@acme.test">Mail</a>`),
    [["mailto:x@acme.test", "Mail"]],
  );
});
