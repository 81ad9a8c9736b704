import assert from "node:assert/strict";
import { boundRepeats, requiredLiterals } from "./regex-literal.ts";

const literals: [string, string[] | null][] = [
  [String.raw`googletagmanager\.com/gtag/js`, ["googletagmanager.com/gtag/js"]],
  [String.raw`^WordPress(?: ([\d.]+))?`, ["wordpress"]],
  [String.raw`cdn\d+\.editmysite\.com`, [".editmysite.com"]],
  [String.raw`(?:cdn\.|\.my)shopify\.com`, ["shopify.com"]],
  [String.raw`(?:ad\.advertstream\.com|adxcore\.com)`, ["ad.advertstream.com", "adxcore.com"]],
  [String.raw`abcd?e`, ["abc"]],
  [String.raw`x{0,2}yz`, null],
  [String.raw`a|b`, null],
  [String.raw`[abc]+def`, ["def"]],
  [String.raw`\x41BC\u0044`, null], // escapes are not read as text: fewer than three plain characters remain
  [String.raw`(a)(b)cde`, ["cde"]],
];
for (const [source, expected] of literals) {
  Deno.test(`requiredLiterals(${source})`, () => assert.deepEqual(requiredLiterals(source), expected));
}

Deno.test("boundRepeats caps + and * outside classes and escapes", () => {
  assert.equal(boundRepeats(String.raw`a+b*[+*]\+c`), String.raw`a{1,250}b{0,250}[+*]\+c`);
  assert.equal(boundRepeats(String.raw`(x+?)`), String.raw`(x{1,250}?)`);
});

Deno.test("every fingerprint-style pattern matches only text that contains one of its required pieces", () => {
  const cases: [string, string][] = [
    [String.raw`(?:cdn\.|\.my)shopify\.com`, "https://cdn.shopify.com/s/files/x.js"],
    [String.raw`(?:ad\.advertstream\.com|adxcore\.com)`, "https://adxcore.com/tag.js"],
    [String.raw`^WordPress(?: ([\d.]+))?`, "WordPress 6.5.2"],
  ];
  for (const [source, sample] of cases) {
    assert.ok(new RegExp(boundRepeats(source), "i").test(sample));
    assert.ok(requiredLiterals(source)!.some((literal) => sample.toLowerCase().includes(literal)));
  }
});
