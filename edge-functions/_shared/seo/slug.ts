// The one spelling of each landing page's slug. Generation stores it, the page renderer answers 301 from any other
// spelling to it (upper case, a trailing dot, a Unicode domain, percent-encoding), and the sitemap lists it, so a
// search engine sees each page under one address.
import { parseDomain } from "../validation/index.ts";
import type { SeoPageType } from "./contract.ts";

/** A domain as slugs spell it: lower-case A-labels (xn--bcher-kva.de), no trailing dot; null when it is not a domain. */
export function canonicalDomain(raw: string): string | null {
  const parsed = parseDomain(raw.trim().replace(/\.$/, ""));
  return parsed.ok ? parsed.ascii : null;
}

/**
 * The canonical slug for a decoded slug of a page type, or null when no page could live there. Address slugs are
 * lower-cased whole: published addresses are role names (info, sales) or masked ones (j***-3f9a), both stored so.
 */
export function canonicalSlug(pageType: SeoPageType, decoded: string): string | null {
  if (pageType !== "email_validate") return canonicalDomain(decoded);
  const at = decoded.lastIndexOf("@");
  if (at < 1) return null;
  const local = decoded.slice(0, at).trim().toLowerCase();
  const domain = canonicalDomain(decoded.slice(at + 1));
  return domain && local !== "" && !/[\s/@]/.test(local) ? `${local}@${domain}` : null;
}
