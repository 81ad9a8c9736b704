// Address syntax as mailbox providers accept it, which is narrower than everything RFC 5322 allows: quoted local
// parts, comments and address literals are legal there but no large provider hands out such mailboxes, and senders
// that accept them mostly collect typos. RFC 6531 (SMTPUTF8) widens the local part to Unicode and IDNA lets the
// domain be Unicode; the domain is looked up by its A-label (punycode) and shown in its Unicode form.
import * as tr46 from "tr46";
import { memoise } from "../expiring-cache.ts";
import { DOMAIN_MEMO_ENTRIES } from "./domain-profile.ts";

/** Why an address was refused, as a stable code (tests and logs name it; the API says only invalid_syntax). */
export type SyntaxProblem =
  | "empty"
  | "missing_at"
  | "multiple_at"
  | "quoted_local_part"
  | "comment"
  | "local_part_empty"
  | "local_part_too_long"
  | "local_part_dots"
  | "local_part_character"
  | "domain_empty"
  | "address_literal"
  | "domain_character"
  | "domain_not_convertible"
  | "domain_label_empty"
  | "domain_label_too_long"
  | "domain_label_hyphen"
  | "domain_single_label"
  | "tld_not_alphabetic"
  | "tld_too_short"
  | "address_too_long";

export type ParsedAddress =
  | {
    ok: true;
    /** As typed: the local part is case-sensitive (RFC 5321 §2.4) and Unicode in it is left untouched. */
    local: string;
    /** Lower-case A-label form, what DNS is asked about ("xn--bcher-kva.de"). */
    domainAscii: string;
    /** Lower-case Unicode form, what a person reads ("bücher.de"). */
    domainUnicode: string;
    /** local@domainUnicode: trimmed, domain case-folded. */
    normalised: string;
  }
  | { ok: false; problem: SyntaxProblem };

export type ParsedDomain = { ok: true; ascii: string; unicode: string } | { ok: false; problem: SyntaxProblem };

const MAX_LOCAL_PART_OCTETS = 64; // RFC 5321 §4.5.3.1.1
const MAX_ADDRESS_OCTETS = 254; // RFC 5321's 256-octet path less the angle brackets (RFC 3696 erratum 1690)
const MAX_LABEL_LENGTH = 63; // RFC 1035 §2.3.4
const MIN_TLD_LENGTH = 2;

const CODE_DOT = 0x2e;
const CODE_HYPHEN = 0x2d;

/** RFC 5322 atext: letters, digits and these symbols; everything else in ASCII needs quoting, which we refuse. */
const ATEXT = asciiTable("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&'*+-/=?^_`{|}~");
/** Letters, digits, hyphen: the only ASCII a host name label may hold (plus the dot between labels). */
const LDH_OR_DOT = asciiTable("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.");

/**
 * RFC 6531 lets any UTF-8 beyond ASCII into a local part; we take letters, combining marks and digits of any script
 * (so "用户", "josé" and Devanagari with its vowel signs pass) and refuse symbols, punctuation, spaces and controls,
 * which no provider issues and which are mostly invisible or confusable.
 */
const UNICODE_LOCAL_CHARACTER = /^[\p{L}\p{M}\p{N}]$/u;
/** A TLD in A-label form (xn--p1ai, xn--zckzah) counts as alphabetic when its Unicode form is letters (рф, テスト). */
const UNICODE_TLD = /^[\p{L}\p{M}]+$/u;

function asciiTable(characters: string): Uint8Array {
  const table = new Uint8Array(128);
  for (let i = 0; i < characters.length; i++) table[characters.charCodeAt(i)] = 1;
  return table;
}

/** Length in UTF-8 octets, which is what RFC 5321's limits count (RFC 6531 §3.3). */
export function utf8Length(text: string): number {
  let octets = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A surrogate pair is two UTF-16 units and four octets, so two per unit.
    const surrogate = code >= 0xd800 && code <= 0xdfff;
    octets += code < 0x80 ? 1 : code < 0x800 || surrogate ? 2 : 3;
  }
  return octets;
}

/** A dot-atom, checked in one pass without regular expressions, so no input can make it backtrack. */
function localPartProblem(local: string): SyntaxProblem | null {
  let previousWasDot = true; // a leading dot reads as a dot after "nothing"
  for (let i = 0; i < local.length; i++) {
    const code = local.charCodeAt(i);
    if (code === CODE_DOT) {
      if (previousWasDot) return "local_part_dots";
      previousWasDot = true;
      continue;
    }
    previousWasDot = false;
    if (code < 0x80) {
      if (ATEXT[code] !== 1) return "local_part_character";
      continue;
    }
    const codePoint = local.codePointAt(i)!;
    if (codePoint > 0xffff) i++;
    if (!UNICODE_LOCAL_CHARACTER.test(String.fromCodePoint(codePoint))) return "local_part_character";
  }
  return previousWasDot ? "local_part_dots" : null;
}

function labelProblem(label: string): SyntaxProblem | null {
  if (label.length === 0) return "domain_label_empty";
  if (label.length > MAX_LABEL_LENGTH) return "domain_label_too_long";
  if (label.charCodeAt(0) === CODE_HYPHEN || label.charCodeAt(label.length - 1) === CODE_HYPHEN) {
    return "domain_label_hyphen";
  }
  for (let i = 0; i < label.length; i++) {
    const code = label.charCodeAt(i);
    if (code >= 0x80 || code === CODE_DOT || LDH_OR_DOT[code] !== 1) return "domain_character";
  }
  return null;
}

function tldProblem(tld: string): SyntaxProblem | null {
  if (tld.startsWith("xn--")) return UNICODE_TLD.test(toUnicode(tld)) ? null : "tld_not_alphabetic";
  for (let i = 0; i < tld.length; i++) {
    const code = tld.charCodeAt(i);
    if (code < 0x61 || code > 0x7a) return "tld_not_alphabetic"; // a-z (already lower-cased)
  }
  return tld.length < MIN_TLD_LENGTH ? "tld_too_short" : null;
}

/**
 * UTS #46 as registries apply it, stricter than the WHATWG URL conversion browsers use (which skips CheckHyphens and
 * the STD3 rules so that odd host names still load): nontransitional, so "straße" stays "straße" (IDNA 2008), and
 * CheckHyphens on the U-labels, since "-straße" becomes "xn---strae-fta", which starts with "x", not a hyphen.
 * Lengths are left to labelProblem, which names them.
 */
const IDNA = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
  verifyDNSLength: false,
} as const;

function toUnicode(ascii: string): string {
  return tr46.toUnicode(ascii, IDNA).domain;
}

/** A domain in its A-label and Unicode forms, or the reason it is not one (the address rules, without a local part). */
export function parseDomain(raw: string): ParsedDomain {
  let isAscii = true;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code >= 0x80) isAscii = false;
    // The conversion maps full-width and other look-alike dots and letters, but ASCII such as "_", "%" or spaces must
    // be refused as typed.
    else if (LDH_OR_DOT[code] !== 1) return { ok: false, problem: "domain_character" };
  }
  const lowered = raw.toLowerCase();
  // Plain ASCII without A-labels needs no conversion; anything else goes through UTS #46, which maps (case, width,
  // compatibility forms), validates punycode and the label rules. It answers null when it refuses.
  const needsConversion = !isAscii || lowered.includes("xn--");
  let ascii = lowered;
  if (needsConversion) {
    const converted = tr46.toASCII(raw, IDNA);
    if (converted === null) {
      // Said apart because a hyphen at a U-label's edge is a typing slip a person can see and fix.
      const withoutHyphenRule = tr46.toASCII(raw, { ...IDNA, checkHyphens: false });
      return { ok: false, problem: withoutHyphenRule === null ? "domain_not_convertible" : "domain_label_hyphen" };
    }
    ascii = converted;
  }
  if (ascii === "") return { ok: false, problem: "domain_not_convertible" };

  const labels = ascii.split(".");
  for (const label of labels) {
    const problem = labelProblem(label);
    if (problem) return { ok: false, problem };
  }
  if (labels.length < 2) return { ok: false, problem: "domain_single_label" };
  const problem = tldProblem(labels[labels.length - 1]!);
  if (problem) return { ok: false, problem };
  return { ok: true, ascii, unicode: needsConversion ? toUnicode(ascii) : ascii };
}

// Addresses repeat their domains far more than their local parts: remember each domain part's outcome.
const parseDomainMemo = memoise<string, ParsedDomain>(DOMAIN_MEMO_ENTRIES, parseDomain);

export function parseAddress(input: string): ParsedAddress {
  const address = input.trim();
  if (address === "") return { ok: false, problem: "empty" };
  const at = address.lastIndexOf("@");
  if (at < 0) return { ok: false, problem: "missing_at" };
  const local = address.slice(0, at);
  const rawDomain = address.slice(at + 1);

  if (local.includes('"')) return { ok: false, problem: "quoted_local_part" };
  if (/[()]/.test(address)) return { ok: false, problem: "comment" };
  if (local.includes("@")) return { ok: false, problem: "multiple_at" };
  if (local === "") return { ok: false, problem: "local_part_empty" };
  const localOctets = utf8Length(local);
  if (localOctets > MAX_LOCAL_PART_OCTETS) return { ok: false, problem: "local_part_too_long" };
  const localProblem = localPartProblem(local);
  if (localProblem) return { ok: false, problem: localProblem };

  if (rawDomain === "") return { ok: false, problem: "domain_empty" };
  if (rawDomain.startsWith("[")) return { ok: false, problem: "address_literal" };
  const domain = parseDomainMemo(rawDomain);
  if (!domain.ok) return domain;
  // The limit applies to what goes over the wire, so to the A-label form.
  if (localOctets + 1 + domain.ascii.length > MAX_ADDRESS_OCTETS) return { ok: false, problem: "address_too_long" };

  return {
    ok: true,
    local,
    domainAscii: domain.ascii,
    domainUnicode: domain.unicode,
    normalised: `${local}@${domain.unicode}`,
  };
}
