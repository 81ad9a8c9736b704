import assert from "node:assert/strict";
import { decodeCloudflareEmail, findEmails, mailtoAddresses, scanText } from "./find-emails.ts";
import { parsePage } from "./page-text.ts";
import { fixtureHtml } from "./testdata/fixture-crawl.ts";

const found = (text: string) => scanText(text).map(({ address }) => address.email);

const written: [string, string[], string][] = [
  ["Write to ann.lee@acme.test.", ["ann.lee@acme.test"], "plain, sentence full stop dropped"],
  ["ann [at] acme [dot] test", ["ann@acme.test"], "bracketed at and dot"],
  ["ann(at)acme.test", ["ann@acme.test"], "parenthesised at"],
  ["ann { at } acme { dot } co { dot } uk", ["ann@acme.co.uk"], "braces and spaces, two dots"],
  ["ann at acme dot test", ["ann@acme.test"], "spelled out"],
  ["ANN AT ACME DOT TEST", ["ann@acme.test"], "spelled out in capitals, lower-cased"],
  ["ann [@] acme.test", ["ann@acme.test"], "bracketed @"],
  ["ann@acme.testPhone: 555", ["ann@acme.test"], "run into the next inline element"],
  ["ann@acme.test.Next sentence", ["ann@acme.test"], "no space after the full stop"],
  ["Ann.Lee@Acme.Test", ["ann.lee@acme.test"], "lower-cased"],
  ["mailto:ann@acme.test", ["ann@acme.test"], "a mailto: written out"],
  ["Jane Doe: jane.doe@acme.test", ["jane.doe@acme.test"], "a real person's name, not a placeholder"],
];
for (const [text, expected, why] of written) {
  Deno.test(`scanText reads ${JSON.stringify(text)}: ${why}`, () => assert.deepEqual(found(text), expected));
}

const decoys: [string, string][] = [
  ["find us at acme.test", "a sentence with ' at ' but no spelled dot"],
  ["logo@2x.png", "retina image name"],
  ["hero@1.5x.webp", "fractional scale image name"],
  ["jquery@3.7.1", "package version"],
  ["npm i @scope/sdk@2.1.0", "scoped package version"],
  ["git@github.com:acme/repo.git", "SSH remote"],
  ["https://deploy:s3cret@cdn.acme.test/x", "URL with credentials"],
  ["ftp://anonymous@ftp.acme.test", "URL with a user"],
  ["you@example.com", "documentation placeholder domain"],
  ["someone@sub.example", "reserved .example TLD"],
  ["name@domain.com", "form placeholder"],
  ["firstname.lastname@acme.test", "pattern description, not an address"],
  ["u@x.y", "tracking string with no real TLD"],
  ["4f0a9e1b2c3d4e5f6a7b8c9d0e1f2a3b@o1.ingest.sentry.io", "tracker id"],
  ["admin@localhost", "no TLD"],
  ["@media (min-width: 600px)", "CSS at-rule"],
  ["Follow @acme on X", "social handle"],
  ["3@5.99 each", "price"],
  ["josé@acme.test", "a non-ASCII mailbox, not cut down to a partial one"],
];
for (const [text, why] of decoys) {
  Deno.test(`scanText ignores ${JSON.stringify(text)}: ${why}`, () => assert.deepEqual(found(text), []));
}

Deno.test("scanText reports where each address starts and ends as written", () => {
  const text = "Mail ann [at] acme [dot] test now";
  const [hit] = scanText(text);
  assert.equal(text.slice(hit!.offset, hit!.end), "ann [at] acme [dot] test");
});

Deno.test("decodeCloudflareEmail undoes Cloudflare's XOR encoding", () => {
  assert.equal(decodeCloudflareEmail("4228232c270223212f276c36273136"), "jane@acme.test");
  assert.equal(decodeCloudflareEmail("42"), null);
  assert.equal(decodeCloudflareEmail("zz28"), null);
});

Deno.test("mailtoAddresses decodes percent-encoding and reads cc and bcc", () => {
  assert.deepEqual(
    mailtoAddresses("mailto:%61nn@acme.test,bo@acme.test?subject=Hi&cc=cy%40acme.test&bcc=di@acme.test&body=x@y.test")
      .map(({ email }) => email),
    ["ann@acme.test", "bo@acme.test", "cy@acme.test", "di@acme.test"],
  );
  assert.deepEqual(mailtoAddresses("MAILTO:logo@2x.png"), []);
});

Deno.test("every obfuscation on the contact fixture is read, in reading order, with its source", () => {
  const page = parsePage(fixtureHtml("obfuscated-contacts.html"));
  assert.deepEqual(
    findEmails(page).map(({ address, source }) => [address.email, source]),
    [
      ["maya.okafor@harbourlight.test", "text"],
      ["tom.reyes@harbourlight.test", "text"],
      ["lena.fischer@harbourlight.test", "text"],
      ["raj.patel@harbourlight.test", "mailto"],
      ["raj.patel@harbourlight.test", "text"],
      ["chloe.martin@harbourlight.test", "mailto"],
      ["dana.white@harbourlight.test", "cloudflare"],
      ["dana.white@harbourlight.test", "cloudflare"],
      ["omar.haddad@harbourlight.test", "text"],
      ["iris.novak@harbourlight.test", "text"],
      ["support@harbourlight.test", "cloudflare"],
    ],
  );
});

Deno.test("the decoy fixture yields only the two published addresses", () => {
  const page = parsePage(fixtureHtml("decoys.html"));
  assert.deepEqual(
    [...new Set(findEmails(page).map(({ address }) => address.email))],
    ["mira.kovac@stellar-optics.test", "developers@stellar-optics.test"],
  );
});

Deno.test("hidden elements, templates, scripts and form fields publish nothing", () => {
  const page = parsePage(`<body>
    <a href="mailto:trap@acme.test" style="color:red; display: none !important">x</a>
    <p style="visibility:hidden">hidden@acme.test</p>
    <div hidden><a href="mailto:hidden2@acme.test">y</a></div>
    <template><p>tmpl@acme.test</p></template>
    <script>var a = "script@acme.test";</script>
    <noscript>noscript@acme.test</noscript>
    <input type="email" placeholder="input@acme.test" value="value@acme.test">
    <textarea>area@acme.test</textarea>
    <p>shown@acme.test</p></body>`);
  assert.deepEqual(findEmails(page).map(({ address }) => address.email), ["shown@acme.test"]);
});
