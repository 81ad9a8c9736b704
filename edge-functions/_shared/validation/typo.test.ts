import assert from "node:assert/strict";
import { suggestDomain, withinOneEdit } from "./typo.ts";

Deno.test("withinOneEdit counts one substitution, insertion, deletion or neighbour swap", () => {
  assert.equal(withinOneEdit("gmail.com", "gmail.com"), true);
  assert.equal(withinOneEdit("gnail.com", "gmail.com"), true); // substitution
  assert.equal(withinOneEdit("gmai.com", "gmail.com"), true); // deletion
  assert.equal(withinOneEdit("gmaill.com", "gmail.com"), true); // insertion
  assert.equal(withinOneEdit("gmial.com", "gmail.com"), true); // swap
  assert.equal(withinOneEdit("gmail.cmo", "gmail.com"), true); // swap at the end
  assert.equal(withinOneEdit("mgail.com", "gmail.com"), true); // swap at the start
  assert.equal(withinOneEdit("gmal.con", "gmail.com"), false); // two edits
  assert.equal(withinOneEdit("gmila.com", "gmail.com"), false); // a rotation is not a swap
  assert.equal(withinOneEdit("small.com", "gmail.com"), false);
  assert.equal(withinOneEdit("gm.com", "gmail.com"), false);
});

const suggestions: [typed: string, meant: string, why: string][] = [
  ["gmial.com", "gmail.com", "letters swapped"],
  ["gamil.com", "gmail.com", "letters swapped"],
  ["gnail.com", "gmail.com", "neighbouring key"],
  ["gmai.com", "gmail.com", "letter dropped"],
  ["gmaill.com", "gmail.com", "letter doubled"],
  ["gmail.con", "gmail.com", "TLD typo"],
  ["gmail.cmo", "gmail.com", "TLD letters swapped"],
  ["gmail.co", "gmail.com", "TLD cut short (.co exists, but gmail.co is no provider)"],
  ["gmal.con", "gmail.com", "a name typo and a TLD that does not exist"],
  ["hotmial.com", "hotmail.com", "hotmail swapped"],
  ["hotmail.cm", "hotmail.com", "hotmail TLD dropped letter"],
  ["yahooo.com", "yahoo.com", "yahoo doubled letter"],
  ["outlok.com", "outlook.com", "outlook dropped letter"],
  ["iclod.com", "icloud.com", "icloud dropped letter"],
  ["googlemail.con", "googlemail.com", "TLD typo on a long name"],
  ["yahoo.co.uj", "yahoo.co.uk", "country code typo"],
  ["aol.con", "aol.com", "a short provider name through its TLD"],
  ["mail.con", "mail.com", "a provider in its own right, not gmail.com"],
  ["acme.con", "acme.com", "any domain with a TLD that does not exist"],
  ["acme.cmo", "acme.com", "swapped TLD"],
  ["acme.ogr", "acme.org", "swapped .org"],
  ["acme.nte", "acme.net", "swapped .net"],
  ["acme.comm", "acme.com", "doubled letter in the TLD"],
  ["xn--bcher-kva.con", "xn--bcher-kva.com", "IDN keeps its name, gets its TLD fixed"],
];
for (const [typed, meant, why] of suggestions) {
  Deno.test(`${typed} suggests ${meant}: ${why}`, () => assert.equal(suggestDomain(typed), meant));
}

const noSuggestion: [string, string][] = [
  ["gmail.com", "the provider itself"],
  ["hotmail.com", "the provider itself"],
  ["mail.com", "a free provider one edit from gmail.com"],
  ["email.com", "a free provider one edit from gmail.com"],
  ["outlook.de", "a free provider of its own"],
  ["mailinator.com", "disposable, but no typo of anything"],
  ["example.com", "an ordinary domain"],
  ["small.com", "two edits from gmail.com"],
  ["aon.com", "one edit from aol.com, but three-letter names are too close to companies"],
  ["msc.com", "one edit from msn.com, same reason"],
  ["acme.co", ".co exists"],
  ["acme.cm", ".cm exists"],
  ["company.co.za", "a real country code"],
  ["mailscout-demo.test", ".test is reserved, not a typo of .best"],
  ["printer.local", ".local is reserved"],
  ["xn--bcher-kva.test", "IDN on a reserved TLD"],
  ["acme.zzzz", "no real TLD one edit away"],
];
for (const [domain, why] of noSuggestion) {
  Deno.test(`${domain} suggests nothing: ${why}`, () => assert.equal(suggestDomain(domain), null));
}
