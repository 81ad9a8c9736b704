// Every address a page publishes, each with the element it was written in (for the name and title around it):
// mailto: links (percent-encoding and HTML entities undone), Cloudflare's email protection, and the visible text,
// where people also write "ann [at] acme [dot] com", "ann(at)acme.com" or "ann at acme dot com" to dodge harvesters.
// Text is scanned in linear time: a cheap pattern finds the "@" or "at" markers, and the local part and domain are
// read outward from each marker with bounded, anchored patterns, so a 2 MB page cannot make a regex backtrack.
import type { Element } from "domhandler";
import { type Address, acceptAddress, isTld, parseWholeAddress } from "./email-address.ts";
import type { ParsedPage } from "./page-text.ts";

export type EmailSource = "mailto" | "cloudflare" | "text";

export interface EmailOccurrence {
  readonly address: Address;
  /** The element the address is written in or linked from. */
  readonly element: Element;
  readonly source: EmailSource;
}

/** The page's addresses in reading order. */
export function findEmails(page: ParsedPage): EmailOccurrence[] {
  const found: (EmailOccurrence & { at: number })[] = [];
  for (const element of page.elements) {
    // A link in a hidden element or a <template> is not published: honeypots for harvesters live there.
    const span = page.text.spans.get(element);
    if (span === undefined) continue;
    const href = element.attribs.href;
    if (href !== undefined && /^\s*mailto:/i.test(href)) {
      for (const address of mailtoAddresses(href)) found.push({ address, element, source: "mailto", at: span[0] });
    }
    const protectedHex = element.attribs["data-cfemail"] ?? cloudflareFragment(href);
    const decoded = protectedHex === undefined ? null : decodeCloudflareEmail(protectedHex);
    const address = decoded === null ? null : parseWholeAddress(decoded);
    if (address !== null) found.push({ address, element, source: "cloudflare", at: span[0] });
  }
  for (const { address, offset } of scanText(page.text.text)) {
    const element = page.text.elementAt(offset);
    if (element !== null) found.push({ address, element, source: "text", at: offset });
  }
  return found.sort((a, b) => a.at - b.at).map(({ at: _, ...occurrence }) => occurrence);
}

/** The addresses of a mailto: URL: its recipients and those of cc= and bcc=, percent-decoded. */
export function mailtoAddresses(href: string): Address[] {
  const body = href.trim().replace(/^mailto:/i, "");
  const question = body.indexOf("?");
  const recipients = [question < 0 ? body : body.slice(0, question)];
  if (question >= 0) {
    for (const pair of body.slice(question + 1).split("&")) {
      const [key, value] = pair.split("=", 2);
      if (value !== undefined && /^b?cc$/i.test(key ?? "")) recipients.push(value);
    }
  }
  return recipients
    .flatMap((list) => safeDecode(list).split(/[,;]/))
    .map(parseWholeAddress)
    .filter((address): address is Address => address !== null);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Cloudflare rewrites mailto: links to /cdn-cgi/l/email-protection#<hex> and text to data-cfemail="<hex>". */
function cloudflareFragment(href: string | undefined): string | undefined {
  const match = href === undefined ? null : /\/cdn-cgi\/l\/email-protection#([0-9a-f]+)$/i.exec(href);
  return match?.[1];
}

/**
 * Cloudflare's scheme: the first byte is a key, every following byte XOR the key is a byte of the address
 * (UTF-8, percent-escaped before decoding). Null for a malformed value.
 */
export function decodeCloudflareEmail(hex: string): string | null {
  if (!/^(?:[0-9a-f]{2}){2,}$/i.test(hex)) return null;
  const key = parseInt(hex.slice(0, 2), 16);
  let escaped = "";
  for (let index = 2; index < hex.length; index += 2) {
    escaped += "%" + (parseInt(hex.slice(index, index + 2), 16) ^ key).toString(16).padStart(2, "0");
  }
  try {
    return decodeURIComponent(escaped);
  } catch {
    return null;
  }
}

/**
 * Where an address may be joined: a plain "@", a bracketed "at" or "@" ("[at]", "(at)", "{@}", "<at>"), or the word
 * " at " between spaces (only with a spelled-out " dot " after it: "find us at acme.com" is a sentence).
 */
const MARKER = /[[({<] {0,2}(?:at|AT|At|@) {0,2}[\])}>]|@| (?:at|AT) /g;
const LABEL = String.raw`[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?`;
const BRACKET_DOT = String.raw` {0,2}[[({<] {0,2}(?:dot|DOT|Dot|\.) {0,2}[\])}>] {0,2}`;
const WORD_DOT = String.raw` (?:dot|DOT) `;
/** A domain with dots, bracketed dots or spelled dots, read from a fixed position (sticky). */
const DOMAIN_ANY_DOT = new RegExp(`${LABEL}(?:(?:${BRACKET_DOT}|${WORD_DOT}|\\.)${LABEL}){1,8}`, "y");
const BRACKET_DOTS = new RegExp(BRACKET_DOT, "g");
const WORD_DOTS = new RegExp(WORD_DOT, "g");
const SPELLED_DOT = new RegExp(WORD_DOT);
const LOCAL_CHAR = /[A-Za-z0-9._%+'-]/;
const MAX_LOCAL = 64;

interface TextAddress {
  readonly address: Address;
  /** Offsets of the first character of the local part and after the last of the domain, as written. */
  readonly offset: number;
  readonly end: number;
}

export function scanText(text: string): TextAddress[] {
  const found: TextAddress[] = [];
  MARKER.lastIndex = 0;
  for (let marker = MARKER.exec(text); marker !== null; marker = MARKER.exec(text)) {
    const kind = marker[0] === "@" ? "plain" : marker[0].startsWith(" ") ? "word" : "bracket";
    // "ann [at] acme": up to two spaces between a bracketed marker and each side.
    let localEnd = marker.index;
    while (kind === "bracket" && text[localEnd - 1] === " " && marker.index - localEnd < 2) localEnd--;
    let localStart = localEnd;
    while (localStart > 0 && localEnd - localStart < MAX_LOCAL && LOCAL_CHAR.test(text[localStart - 1]!)) localStart--;
    if (localStart === localEnd || (localStart > 0 && LOCAL_CHAR.test(text[localStart - 1]!))) continue;
    // "https://user@host", "https://user:secret@host": credentials in a URL, not an address ("mailto:" is one).
    if (text[localStart - 1] === ":" && !/mailto:$/i.test(text.slice(Math.max(0, localStart - 7), localStart))) continue;
    if (text.slice(Math.max(0, localStart - 3), localStart) === "://") continue;

    const markerEnd = marker.index + marker[0].length;
    let domainStart = markerEnd;
    while (kind === "bracket" && text[domainStart] === " " && domainStart - markerEnd < 2) domainStart++;
    DOMAIN_ANY_DOT.lastIndex = domainStart;
    const domainMatch = DOMAIN_ANY_DOT.exec(text);
    if (domainMatch === null) continue;
    const written = domainMatch[0];
    if (kind === "word" && !SPELLED_DOT.test(written)) continue;
    const after = text[domainStart + written.length];
    // "git@github.com:org/repo.git" is an SSH remote.
    if (after === ":" && /[\w/]/.test(text[domainStart + written.length + 1] ?? "")) continue;
    const address = acceptAddress(text.slice(localStart, localEnd), readDomain(written));
    if (address !== null) found.push({ address, offset: localStart, end: domainStart + written.length });
    MARKER.lastIndex = Math.max(MARKER.lastIndex, domainStart + written.length);
  }
  return found;
}

/**
 * The domain as written, with obfuscated dots turned into dots. Inline elements put side by side without a space
 * run an address into the next word ("ann@acme.comPhone"), and a sentence may end without a space after it
 * ("ann@acme.com.Next"): the name ends where a lower-case TLD turns upper-case, and trailing labels that are not TLDs,
 * or are capitalised after a lower-case name, are dropped.
 */
function readDomain(written: string): string {
  const labels = written.replace(BRACKET_DOTS, ".").replace(WORD_DOTS, ".").split(".");
  const last = labels.at(-1)!;
  const caseTurn = /^([a-z]{2,})[A-Z]/.exec(last);
  if (caseTurn !== null) labels[labels.length - 1] = caseTurn[1]!;
  while (labels.length > 2 && !isTld(labels.at(-1)!)) labels.pop();
  // "ann@acme.test.Next sentence": a capitalised label after a lower-case name that already ends in a TLD.
  const [before, final] = [labels.at(-2)!, labels.at(-1)!];
  if (labels.length > 2 && /^[A-Z]/.test(final) && !/[A-Z]/.test(labels.slice(0, -1).join("")) && isTld(before)) {
    labels.pop();
  }
  return labels.join(".");
}
