// Known accept-all providers, by the address's domain and by the MX hosts that serve a company domain.
import assert from "node:assert/strict";
import { ACCEPT_ALL_PROVIDERS, acceptAllProvider } from "./providers.ts";

Deno.test("providers: Yahoo's and AOL's own domains, whatever the MX hosts", () => {
  assert.equal(acceptAllProvider("yahoo.com", [])?.name, "Yahoo");
  assert.equal(acceptAllProvider("AOL.com.", ["mx.example.test"])?.name, "Yahoo");
  assert.equal(acceptAllProvider("ymail.com", [])?.name, "Yahoo");
});

Deno.test("providers: a company domain whose MX hosts are Yahoo's", () => {
  assert.equal(acceptAllProvider("small-business.test", ["mta6.am0.yahoodns.net"])?.name, "Yahoo");
  assert.equal(acceptAllProvider("small-business.test", ["mx1.example.test", "MTA7.AM0.YAHOODNS.NET."])?.name, "Yahoo");
});

Deno.test("providers: suffixes match at a label boundary, and other domains are nobody's", () => {
  assert.equal(acceptAllProvider("mailbox.test", ["mx.mailbox.test"]), null);
  assert.equal(acceptAllProvider("evil.test", ["mx.notyahoodns.net"]), null);
  assert.equal(acceptAllProvider("notyahoo.com", []), null);
  assert.equal(acceptAllProvider("gmail.com", ["gmail-smtp-in.l.google.com"]), null);
});

Deno.test("providers: the list is lower-case, without trailing dots, and no domain is listed twice", () => {
  const domains = ACCEPT_ALL_PROVIDERS.flatMap((provider) => provider.domains);
  const names = [...domains, ...ACCEPT_ALL_PROVIDERS.flatMap((provider) => provider.mxSuffixes)];
  assert.deepEqual(names.filter((name) => name !== name.toLowerCase() || name.endsWith(".")), []);
  assert.equal(new Set(domains).size, domains.length);
});
