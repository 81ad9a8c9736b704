// Whether a string that looks like an address is one a site publishes, and its one spelling. Pages are full of
// things with an "@" in them that no one can write to: retina image names (logo@2x.png), package versions
// (jquery@3.7.1), placeholders (you@example.com), tracking ids, SSH remotes (git@github.com:org/repo).
import { domainToASCII } from "node:url";
import { realTlds } from "../../validation/index.ts";

/**
 * RFC 2606/6761 names that never reach anyone, and the stock placeholders of forms and documentation. "John Doe" is
 * not among the mailboxes: the placeholder comes with a placeholder domain, and real people have that name.
 */
const PLACEHOLDER_DOMAINS = new Set([
  "example.com",
  "example.net",
  "example.org",
  "domain.com",
  "yourdomain.com",
  "yourcompany.com",
  "company.com",
  "yoursite.com",
  "website.com",
  "email.com",
  "test.com",
]);
const PLACEHOLDER_LOCALS = new Set([
  "you",
  "your",
  "yourname",
  "your.name",
  "youremail",
  "your.email",
  "name",
  "email",
  "e-mail",
  "user",
  "username",
  "someone",
  "somebody",
  "firstname",
  "lastname",
  "firstname.lastname",
  "first.last",
  "first_last",
  "name.surname",
  "vorname.nachname",
  "prenom.nom",
]);

/** File extensions that follow an "@" in asset names (logo@2x.png, sprite@3x.webp): never a TLD we accept. */
const ASSET_EXTENSIONS = new Set([
  "png",
  "jpg",
  "jpeg",
  "gif",
  "svg",
  "webp",
  "avif",
  "bmp",
  "ico",
  "tif",
  "tiff",
  "css",
  "js",
  "mjs",
  "json",
  "map",
  "woff",
  "woff2",
  "ttf",
  "otf",
  "eot",
  "mp4",
  "webm",
  "mov",
  "mp3",
  "wav",
  "pdf",
  "zip",
]);

/** RFC 6761 reserves .test for testing; the fixture sites live there, and no real address ever does. */
const SPECIAL_USE_TLDS = new Set(["test"]);

const LOCAL = /^[a-z0-9](?:[a-z0-9._%+'-]{0,62}[a-z0-9_%+-])?$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** A scale suffix of an image name ("2x", "1.5x"), the first label of "logo@2x.png". */
const SCALE = /^\d+(?:\.\d+)?x$/;
/** Hex ids of analytics and error trackers (Sentry DSNs, Wix's sentry-next ids). */
const TRACKING_ID = /^[a-f0-9]{16,}$/;

/** A TLD of the root zone (or .test), in any case. */
export function isTld(label: string): boolean {
  const lower = label.toLowerCase();
  return realTlds.has(lower) || SPECIAL_USE_TLDS.has(lower);
}

export interface Address {
  /** Lower-cased, A-label domain. */
  readonly email: string;
  readonly local: string;
  readonly domain: string;
}

/**
 * The address, lower-cased, when `local@domain` is one a person could write to; null for decoys. Dots at either
 * end of the local part and a trailing dot of the domain (end of a sentence) are not part of it.
 */
export function acceptAddress(rawLocal: string, rawDomain: string): Address | null {
  const local = rawLocal.toLowerCase().replace(/^[.'-]+/, "").replace(/[.']+$/, "");
  const domain = domainToASCII(rawDomain.toLowerCase().replace(/\.+$/, ""));
  if (!LOCAL.test(local) || local.includes("..")) return null;
  if (domain === "" || domain.length > 253) return null;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  const tld = labels.at(-1)!;
  if (ASSET_EXTENSIONS.has(tld) || SCALE.test(labels[0]!)) return null;
  if (!isTld(tld)) return null;
  if (PLACEHOLDER_DOMAINS.has(domain) || labels.includes("example")) return null;
  if (PLACEHOLDER_LOCALS.has(local) || TRACKING_ID.test(local)) return null;
  return { email: `${local}@${domain}`, local, domain };
}

/** An address written whole ("ann@acme.test", from a mailto: or JSON-LD), checked like text finds. */
export function parseWholeAddress(value: string): Address | null {
  const trimmed = value.trim();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0 || /\s/.test(trimmed)) return null;
  return acceptAddress(trimmed.slice(0, at), trimmed.slice(at + 1));
}

/** Whether `email` is at the explored domain or one of its subdomains (jobs@careers.acme.test is acme's). */
export function isAtDomain(address: Address, domain: string): boolean {
  return address.domain === domain || address.domain.endsWith(`.${domain}`);
}
