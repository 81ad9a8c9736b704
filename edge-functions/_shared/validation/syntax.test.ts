// The syntax table: what a mailbox provider would hand out passes, with its normalised form and the A-label DNS is
// asked about; everything else fails for the reason named (a case that failed for another reason would hide a bug).
import assert from "node:assert/strict";
import { parseAddress, type SyntaxProblem, utf8Length } from "./syntax.ts";

type Expectation = { normalised: string; ascii: string } | { problem: SyntaxProblem };
type Case = [input: string, expected: Expectation, why: string];

const label63 = "a".repeat(63);
// 63 + 1 + 63 + 1 + 57 + 4 = 189 characters, so a 64-octet local part makes exactly 254.
const domain189 = `${label63}.${label63}.${"c".repeat(57)}.com`;
// Fewer characters as typed than as A-labels: each 20-character "ü" label is 26 characters long as "xn--tdaaaa...".
const idnDomain = `${Array(8).fill("ü".repeat(20)).join(".")}.com`;

const valid = (normalised: string, ascii: string): Expectation => ({ normalised, ascii });
const invalid = (problem: SyntaxProblem): Expectation => ({ problem });

const cases: Case[] = [
  // Everyday addresses
  ["ann@example.com", valid("ann@example.com", "example.com"), "plain"],
  ["  ann@example.com  ", valid("ann@example.com", "example.com"), "surrounding spaces are trimmed"],
  ["\tann@example.com\n", valid("ann@example.com", "example.com"), "tabs and newlines around are trimmed"],
  ["\u00a0ann@example.com\u00a0", valid("ann@example.com", "example.com"), "no-break spaces around are trimmed"],
  ["Ann.Lee@Example.COM", valid("Ann.Lee@example.com", "example.com"), "domain folded, local part kept"],
  ["ANN@EXAMPLE.COM", valid("ANN@example.com", "example.com"), "local part case is significant"],
  ["Ann@Gmail.Com", valid("Ann@gmail.com", "gmail.com"), "provider domain folded"],
  ["ann+tag@example.com", valid("ann+tag@example.com", "example.com"), "sub-address"],
  ["ann.lee@example.com", valid("ann.lee@example.com", "example.com"), "dot inside"],
  ["a.b.c.d@example.com", valid("a.b.c.d@example.com", "example.com"), "several single dots"],
  ["a@example.com", valid("a@example.com", "example.com"), "one-character local part"],
  ["x@a.co", valid("x@a.co", "a.co"), "shortest realistic address"],
  ["ann@x.com", valid("ann@x.com", "x.com"), "one-letter label"],
  ["first.middle.last@sub.example.co.uk", valid("first.middle.last@sub.example.co.uk", "sub.example.co.uk"), "deep"],
  ["user_name@example.com", valid("user_name@example.com", "example.com"), "underscore in local part"],
  ["user-name@example.com", valid("user-name@example.com", "example.com"), "hyphen in local part"],
  ["o'brien@example.ie", valid("o'brien@example.ie", "example.ie"), "apostrophe is atext"],
  ["user%example.org@example.com", valid("user%example.org@example.com", "example.com"), "percent is atext"],
  ["!#$%&'*+-/=?^_`{|}~@example.com", valid("!#$%&'*+-/=?^_`{|}~@example.com", "example.com"), "every atext symbol"],
  ["1234567890@example.com", valid("1234567890@example.com", "example.com"), "digits only"],
  ["ann@my-domain.com", valid("ann@my-domain.com", "my-domain.com"), "hyphen inside a label"],
  ["ann@a-b-c.d-e.com", valid("ann@a-b-c.d-e.com", "a-b-c.d-e.com"), "hyphens in several labels"],
  ["ann@ab--cd.com", valid("ann@ab--cd.com", "ab--cd.com"), "double hyphen inside a label"],
  ["ann@123.example.com", valid("ann@123.example.com", "123.example.com"), "numeric label"],
  ["ann@1example.com", valid("ann@1example.com", "1example.com"), "label starting with a digit"],
  ["ann@example.co", valid("ann@example.co", "example.co"), "two-letter TLD"],
  ["ann@example.museum", valid("ann@example.museum", "example.museum"), "long TLD"],
  ["ann@example.photography", valid("ann@example.photography", "example.photography"), "longer TLD"],
  ["ann@a.b.c.d.e.f.g.h.com", valid("ann@a.b.c.d.e.f.g.h.com", "a.b.c.d.e.f.g.h.com"), "many labels"],
  ["ann@mailscout-demo.test", valid("ann@mailscout-demo.test", "mailscout-demo.test"), "reserved test TLD"],
  ["ann@localhost.localdomain", valid("ann@localhost.localdomain", "localhost.localdomain"), "letters TLD"],
  [`${label63}@example.com`, valid(`${label63}@example.com`, "example.com"), "63-octet local part"],
  [`${"a".repeat(64)}@example.com`, valid(`${"a".repeat(64)}@example.com`, "example.com"), "64 octets: the limit"],
  [`${"é".repeat(32)}@example.com`, valid(`${"é".repeat(32)}@example.com`, "example.com"), "32 é are 64 octets"],
  [`ann@${label63}.com`, valid(`ann@${label63}.com`, `${label63}.com`), "63-character label"],
  [`${"a".repeat(64)}@${domain189}`, valid(`${"a".repeat(64)}@${domain189}`, domain189), "254 octets: the limit"],
  // Internationalised (RFC 6531 local parts, IDNA domains)
  ["josé@example.com", valid("josé@example.com", "example.com"), "accented local part"],
  ["José@Example.com", valid("José@example.com", "example.com"), "Unicode local part case kept"],
  ["josé.garcía@españa.es", valid("josé.garcía@españa.es", "xn--espaa-rta.es"), "Spanish IDN"],
  ["ann@bücher.test", valid("ann@bücher.test", "xn--bcher-kva.test"), "IDN to A-label"],
  ["ann@BÜCHER.TEST", valid("ann@bücher.test", "xn--bcher-kva.test"), "IDN case folded"],
  ["ann@xn--bcher-kva.test", valid("ann@bücher.test", "xn--bcher-kva.test"), "A-label shown in Unicode"],
  ["ann@XN--BCHER-KVA.TEST", valid("ann@bücher.test", "xn--bcher-kva.test"), "upper-case A-label"],
  ["ann@münchen.de", valid("ann@münchen.de", "xn--mnchen-3ya.de"), "umlaut"],
  ["ann@faß.de", valid("ann@faß.de", "xn--fa-hia.de"), "sharp s kept (IDNA 2008, not mapped to ss)"],
  ["用户@例子.广告", valid("用户@例子.广告", "xn--fsqu00a.xn--4rr70v"), "Chinese, TLD in punycode"],
  ["иван@пример.рф", valid("иван@пример.рф", "xn--e1afmkfd.xn--p1ai"), "Cyrillic, xn--p1ai is letters"],
  ["δοκιμή@παράδειγμα.δοκιμή", valid("δοκιμή@παράδειγμα.δοκιμή", "xn--hxajbheg2az3al.xn--jxalpdlp"), "Greek"],
  ["अजय@डाटा.भारत", valid("अजय@डाटा.भारत", "xn--c2bd1gb.xn--h2brj9c"), "Devanagari with vowel signs"],
  ["١٢٣@example.com", valid("١٢٣@example.com", "example.com"), "Arabic-Indic digits"],
  ["ann@example.xn--zckzah", valid("ann@example.テスト", "example.xn--zckzah"), "Katakana TLD as A-label"],
  ["ann@example．com", valid("ann@example.com", "example.com"), "full-width dot mapped"],
  ["ann@ｅｘａｍｐｌｅ.com", valid("ann@example.com", "example.com"), "full-width letters mapped"],
  ["ann@xn--ls8h.la", valid("ann@💩.la", "xn--ls8h.la"), "emoji domain: registries sell them (.la, .ws)"],

  // Shape of the whole
  ["", invalid("empty"), "nothing"],
  ["   ", invalid("empty"), "only spaces"],
  ["ann", invalid("missing_at"), "no @"],
  ["ann.example.com", invalid("missing_at"), "dot instead of @"],
  ["ann(at)example.com", invalid("missing_at"), "spelled-out at"],
  ["ann@@example.com", invalid("multiple_at"), "doubled @"],
  ["a@b@example.com", invalid("multiple_at"), "two @"],
  ["ann@example.com,bob@example.com", invalid("multiple_at"), "two addresses"],
  ["@", invalid("local_part_empty"), "only @"],
  ["@example.com", invalid("local_part_empty"), "no local part"],
  ["ann@", invalid("domain_empty"), "no domain"],
  [`${"a".repeat(63)}@b.${domain189}`, invalid("address_too_long"), "255 octets"],
  [`${"a".repeat(64)}@${idnDomain}`, invalid("address_too_long"), "the limit counts the A-label, not what was typed"],
  // Quoted strings and comments: legal in RFC 5322, refused by providers
  ['"ann lee"@example.com', invalid("quoted_local_part"), "quoted with a space"],
  ['"ann"@example.com', invalid("quoted_local_part"), "quoted"],
  ['"a@b"@example.com', invalid("quoted_local_part"), "quoted @"],
  ['ann"lee@example.com', invalid("quoted_local_part"), "stray quote"],
  ["ann(comment)@example.com", invalid("comment"), "comment after local part"],
  ["(comment)ann@example.com", invalid("comment"), "comment before local part"],
  ["ann@example.com(comment)", invalid("comment"), "comment after domain"],
  ["ann@(comment)example.com", invalid("comment"), "comment before domain"],
  // Local part
  [".ann@example.com", invalid("local_part_dots"), "leading dot"],
  ["ann.@example.com", invalid("local_part_dots"), "trailing dot"],
  ["ann..lee@example.com", invalid("local_part_dots"), "doubled dot"],
  [".@example.com", invalid("local_part_dots"), "only a dot"],
  [`${"a".repeat(65)}@example.com`, invalid("local_part_too_long"), "65 octets"],
  [`${"é".repeat(33)}@example.com`, invalid("local_part_too_long"), "33 é are 66 octets"],
  [`${"用".repeat(22)}@example.com`, invalid("local_part_too_long"), "22 CJK characters are 66 octets"],
  ["ann lee@example.com", invalid("local_part_character"), "space inside"],
  ["ann @example.com", invalid("local_part_character"), "space before @"],
  ["ann\tlee@example.com", invalid("local_part_character"), "tab inside"],
  ["ann\u00a0lee@example.com", invalid("local_part_character"), "no-break space inside"],
  ["ann\u200b@example.com", invalid("local_part_character"), "zero-width space"],
  ["ann\u0000@example.com", invalid("local_part_character"), "NUL"],
  ["ann,lee@example.com", invalid("local_part_character"), "comma"],
  ["ann;lee@example.com", invalid("local_part_character"), "semicolon"],
  ["mailto:ann@example.com", invalid("local_part_character"), "colon (a pasted mailto: link)"],
  ["<ann@example.com>", invalid("local_part_character"), "angle brackets"],
  ["ann[1]@example.com", invalid("local_part_character"), "square brackets"],
  ["ann\\lee@example.com", invalid("local_part_character"), "backslash"],
  ["ann😀@example.com", invalid("local_part_character"), "emoji"],
  ["ann€@example.com", invalid("local_part_character"), "currency symbol"],
  ["ann¿@example.com", invalid("local_part_character"), "Unicode punctuation"],
  // Domain
  ["ann@[192.0.2.1]", invalid("address_literal"), "IPv4 literal"],
  ["ann@[IPv6:2001:db8::1]", invalid("address_literal"), "IPv6 literal"],
  ["ann@192.0.2.1", invalid("tld_not_alphabetic"), "bare IPv4"],
  ["ann@example", invalid("domain_single_label"), "no TLD"],
  ["ann@localhost", invalid("domain_single_label"), "localhost"],
  ["ann@.example.com", invalid("domain_label_empty"), "leading dot"],
  ["ann@example.com.", invalid("domain_label_empty"), "trailing dot"],
  ["ann@example..com", invalid("domain_label_empty"), "doubled dot"],
  [`ann@${"a".repeat(64)}.com`, invalid("domain_label_too_long"), "64-character label"],
  ["ann@-example.com", invalid("domain_label_hyphen"), "label starts with a hyphen"],
  ["ann@example-.com", invalid("domain_label_hyphen"), "label ends with a hyphen"],
  ["ann@example.-com", invalid("domain_label_hyphen"), "TLD starts with a hyphen"],
  ["ann@exa_mple.com", invalid("domain_character"), "underscore"],
  ["ann@exa mple.com", invalid("domain_character"), "space"],
  ["ann@ example.com", invalid("domain_character"), "space after @"],
  ["ann@ex%61mple.com", invalid("domain_character"), "percent-encoding"],
  ["ann@exam+ple.com", invalid("domain_character"), "plus"],
  ["ann@example.com>", invalid("domain_character"), "angle bracket"],
  ["ann@exam\u0000ple.com", invalid("domain_character"), "NUL"],
  ["ann@example.c", invalid("tld_too_short"), "one-letter TLD"],
  ["ann@example.c0m", invalid("tld_not_alphabetic"), "digit in TLD"],
  ["ann@example.123", invalid("tld_not_alphabetic"), "numeric TLD"],
  ["ann@example.co-uk", invalid("tld_not_alphabetic"), "hyphen in TLD"],
  ["ann@example.xn--ls8h", invalid("tld_not_alphabetic"), "punycode TLD that is not letters (an emoji)"],
  ["ann@xn--zz.com", invalid("domain_not_convertible"), "broken punycode"],
  ["ann@xn--a.com", invalid("domain_not_convertible"), "punycode decoding to nothing valid"],
  ["ann@ex\u200dample.com", invalid("domain_not_convertible"), "zero-width joiner"],
  ["ann@\u0301example.com", invalid("domain_not_convertible"), "label starting with a combining mark"],
  // IDNA (UTS #46) on the U-label: the A-label of "-straße" is "xn---strae-fta", which starts with "x"
  ["a@-straße.app", invalid("domain_label_hyphen"), "U-label starts with a hyphen"],
  ["a@bücher-.de", invalid("domain_label_hyphen"), "U-label ends with a hyphen"],
  ["a@mail.-bücher.de", invalid("domain_label_hyphen"), "a lower U-label starts with a hyphen"],
  ["a@xn---strae-fta.app", invalid("domain_label_hyphen"), "an A-label whose U-label starts with a hyphen"],
  ["a@bü--cher.de", invalid("domain_label_hyphen"), "U-label with hyphens in the third and fourth places"],
  ["a@ｂüｃｈｅｒ。de", valid("a@bücher.de", "xn--bcher-kva.de"), "full-width letters and dot are mapped"],
  ["a@bücher.de", valid("a@bücher.de", "xn--bcher-kva.de"), "German IDN"],
  ["a@straße.app", valid("a@straße.app", "xn--strae-oqa.app"), "nontransitional: ß kept"],
  ["a@xn--strae-oqa.app", valid("a@straße.app", "xn--strae-oqa.app"), "A-label of straße"],
  ["a@bü-cher.de", valid("a@bü-cher.de", "xn--b-cher-3ya.de"), "hyphen inside a U-label"],
  ["a@\u05d0\u05d1.\u05d2\u05d3", valid("a@\u05d0\u05d1.\u05d2\u05d3", "xn--4dbc.xn--6dbc"), "right-to-left (Hebrew)"],
  ["a@\u05d0\u05d1a.com", invalid("domain_not_convertible"), "Bidi rule: Hebrew then a Latin letter"],
  ["a@ü\u2488.de", invalid("domain_not_convertible"), "STD3: a character mapping to a dot"],
];

Deno.test("the table holds at least 100 cases, valid and invalid, each input once", () => {
  assert.ok(cases.length >= 100, `only ${cases.length} cases`);
  assert.ok(cases.filter(([, expected]) => "normalised" in expected).length >= 40);
  assert.ok(cases.filter(([, expected]) => "problem" in expected).length >= 40);
  assert.equal(new Set(cases.map(([input]) => input)).size, cases.length);
});

Deno.test("the table's length cases sit where they claim", () => {
  assert.equal(utf8Length(`${"a".repeat(64)}@${domain189}`), 254);
  assert.ok(`${"a".repeat(64)}@${idnDomain}`.length <= 254, "as typed, it is 254 characters or fewer");
});

for (const [input, expected, why] of cases) {
  Deno.test(`parseAddress ${JSON.stringify(input.length > 60 ? `${input.slice(0, 57)}...` : input)}: ${why}`, () => {
    const parsed = parseAddress(input);
    if ("problem" in expected) {
      assert.deepEqual(parsed, { ok: false, problem: expected.problem });
      return;
    }
    assert.ok(parsed.ok, `refused: ${JSON.stringify(parsed)}`);
    assert.equal(parsed.normalised, expected.normalised);
    assert.equal(parsed.domainAscii, expected.ascii);
    const at = expected.normalised.lastIndexOf("@");
    assert.equal(parsed.local, expected.normalised.slice(0, at));
    assert.equal(parsed.domainUnicode, expected.normalised.slice(at + 1));
  });
}

Deno.test("utf8Length counts octets: 1 for ASCII, 2 for é, 3 for CJK, 4 outside the BMP", () => {
  assert.equal(utf8Length("a"), 1);
  assert.equal(utf8Length("é"), 2);
  assert.equal(utf8Length("用"), 3);
  assert.equal(utf8Length("😀"), 4);
  assert.equal(utf8Length("aé用😀"), 10);
});

Deno.test("the same domain typed twice parses the same (the memo hands back the first answer)", () => {
  assert.deepEqual(parseAddress("ann@BÜCHER.test"), parseAddress("ann@BÜCHER.test"));
  assert.deepEqual(parseAddress("ann@exa_mple.com"), parseAddress("bob@exa_mple.com"));
});
