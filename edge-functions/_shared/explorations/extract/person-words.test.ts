import assert from "node:assert/strict";
import { jobTitle, nameMatchesMailbox, namesIn, personName } from "./person-words.ts";

const names: [string, string | null, string][] = [
  ["Ann Lee", "Ann Lee", "two capitalised words"],
  ["Lee, Ann", "Ann Lee", "'Last, First' turned round"],
  ["Dr. Ann Lee, PhD", "Ann Lee", "honorific and degree dropped"],
  ["ANN LEE", "Ann Lee", "capitals set in title case"],
  ["Ludwig van Beethoven", "Ludwig van Beethoven", "a lower-case particle inside"],
  ["Marcus O'Neill", "Marcus O'Neill", "apostrophe"],
  ["Sofia Álvarez", "Sofia Álvarez", "accented letters"],
  ["J. Smith", "J. Smith", "an initial"],
  ["Ann", null, "one word"],
  ["Acme Corp", null, "a company"],
  ["Head of Sales", null, "a title"],
  ["Contact Us", null, "page furniture"],
  ["New York", null, "a place word"],
  ["Harbour House 12", null, "digits"],
  ["ann lee", null, "lower case"],
  ["Read More About Our Team Today", null, "too many words, page words"],
];
for (const [text, expected, why] of names) {
  Deno.test(`personName(${JSON.stringify(text)}): ${why}`, () => assert.equal(personName(text), expected));
}

Deno.test("namesIn picks names out of longer text and says which were picked out", () => {
  assert.deepEqual(namesIn("our communications officer Jane Smith at"), [{ name: "Jane Smith", whole: false }]);
  assert.deepEqual(namesIn("Contact Jane Smith"), [{ name: "Jane Smith", whole: false }]);
  assert.deepEqual(namesIn("Jane Smith"), [{ name: "Jane Smith", whole: true }]);
  assert.deepEqual(namesIn("Talent Acquisition Lead"), []);
});

const titles: [string, string | null, string][] = [
  ["Head of Sales", "Head of Sales", "a title word"],
  ["CTO", "CTO", "an abbreviation"],
  ["Co-Founder & CEO", "Co-Founder & CEO", "two roles"],
  ["Customer Success", "Customer Success", "a department"],
  ["Geschäftsführerin", "Geschäftsführerin", "German"],
  ["Konditormeister", "Konditormeister", "a German compound"],
  ["Board Portal", null, "a menu item"],
  ["Contact our sales team", null, "a call to action"],
  ["We are hiring engineers.", null, "a sentence"],
  ["Ann Lee", null, "a name"],
  ["sales", null, "lower case: a word in a sentence, not a heading"],
];
for (const [text, expected, why] of titles) {
  Deno.test(`jobTitle(${JSON.stringify(text)}): ${why}`, () => assert.equal(jobTitle(text), expected));
}

const mailboxes: [string, string, boolean][] = [
  ["Ann Lee", "ann.lee", true],
  ["Ann Lee", "alee", true],
  ["Ann Lee", "lee", true],
  ["Bo Li", "bo.li", true],
  ["Annabel Lee", "ann", true],
  ["Jürgen Weiß", "juergen.weiss", true],
  ["Sofia Álvarez", "salvarez", true],
  ["Ann Lee", "bob.smith", false],
  ["Anfragen zu Ersatzteilen", "ersatzteile", false],
];
for (const [name, local, expected] of mailboxes) {
  Deno.test(`nameMatchesMailbox(${name}, ${local}) is ${expected}`, () =>
    assert.equal(nameMatchesMailbox(name, local), expected));
}
