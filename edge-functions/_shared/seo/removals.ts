// Asking for a landing page's removal, from its "Request removal" link. Someone writing from an address at the page's
// domain (or a subdomain) gets a link by mail that removes the page at once; anyone else's request waits for an admin.
// A confirmed removal takes the page down (410, out of the sitemap) and suppresses its address or domain, so no page
// is made for it again. The answer never says whether the page exists: only which of the two ways the request goes.
import { createHash } from "node:crypto";
import { toBase64Url } from "../base64url.ts";
import { EmailError, sendEmail } from "../email/index.ts";
import { env } from "../env.ts";
import { DomainError } from "../errors.ts";
import { siteUrl, truncatedNetwork } from "../marketing/index.ts";
import { SEO_REMOVAL_REQUESTS_PER_HOUR, takeSeoRemovalRequest } from "../rate-limits/index.ts";
import {
  REMOVAL_LINK_HOURS,
  type RemovalRequestInput,
  type SeoPageType,
  seoPagePath,
  seoPathParts,
} from "./contract.ts";
import { findPage, type PublishedSeoPage } from "./pages-store.ts";
import { confirmRemovalByHash, storeRemovalRequest } from "./privileged-removals.ts";
import { canonicalDomain, canonicalSlug } from "./slug.ts";

export const REMOVAL_ANSWERS = {
  awaiting_confirmation:
    `We sent a link to your address. Open it within ${REMOVAL_LINK_HOURS} hours to remove the page.`,
  pending_review: "Thank you. We will review your request and remove the page if it should not be published.",
} as const;

export type RemovalAnswer = {
  [S in keyof typeof REMOVAL_ANSWERS]: { status: S; message: (typeof REMOVAL_ANSWERS)[S] };
}[keyof typeof REMOVAL_ANSWERS];

/** The page type and canonical slug a landing page's path or absolute URL on this site names; a 400 otherwise. */
export function landingPageOf(url: string, site = siteUrl()): { pageType: SeoPageType; slug: string } {
  const origin = new URL(site).origin;
  const refuse = () =>
    new DomainError("invalid_input", {
      problem: `url must be the address of a landing page on this site, such as ${origin}/verify/example.com`,
    });
  let parsed: URL;
  try {
    parsed = new URL(url, `${origin}/`);
  } catch {
    throw refuse();
  }
  const parts = parsed.origin === origin ? seoPathParts(parsed.pathname.replace(/\/+$/, "")) : null;
  if (!parts) throw refuse();
  let decoded: string;
  try {
    decoded = decodeURIComponent(parts.rawSlug);
  } catch {
    throw refuse();
  }
  const slug = canonicalSlug(parts.pageType, decoded);
  if (slug === null) throw refuse();
  return { pageType: parts.pageType, slug };
}

/** Whether the address is at the page's entity domain or a subdomain of it: mail there reaches who runs the domain. */
export function speaksForPage(email: string, page: Pick<PublishedSeoPage, "entityDomain">): boolean {
  const domain = canonicalDomain(email.slice(email.lastIndexOf("@") + 1));
  return domain !== null && (domain === page.entityDomain || domain.endsWith(`.${page.entityDomain}`));
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The confirmation mail: what the link does, where it leads, when it expires. */
export function removalEmail(pageUrl: string, link: string): { subject: string; text: string } {
  return {
    subject: "Confirm the removal of a MailScout page",
    text: `Someone, we hope you, asked MailScout to remove this page:\n${pageUrl}\n\n` +
      `Open this link to remove it:\n${link}\n\n` +
      "Once you confirm, the page is gone for good: it answers that it was removed, leaves our sitemap and, over " +
      "time, search results, and we publish no new page about this address or domain.\n\n" +
      `The link expires in ${REMOVAL_LINK_HOURS} hours. If you did not ask for this, ignore this email: nothing ` +
      "changes.\n\nMailScout",
  };
}

/** POST /api/seo/removal-requests: limited per client network before any work. */
export async function requestSeoRemoval(input: RemovalRequestInput, clientIp: string | null): Promise<RemovalAnswer> {
  const network = truncatedNetwork(clientIp);
  if (network === null) throw new DomainError("unknown_client_address");
  const decision = await takeSeoRemovalRequest(network);
  if (!decision.allowed) {
    throw new DomainError("rate_limited", {
      decision,
      what: `Too many removal requests: at most ${SEO_REMOVAL_REQUESTS_PER_HOUR} an hour.`,
    });
  }
  const { pageType, slug } = landingPageOf(input.url);
  const found = await findPage(pageType, slug);
  const page = found.state === "published" ? found.page : null;
  const token = page && speaksForPage(input.email, page) ? toBase64Url(crypto.getRandomValues(new Uint8Array(32))) : null;
  const status = await storeRemovalRequest({
    url: input.url,
    pageId: page?.id ?? null,
    email: input.email,
    reason: input.reason,
    tokenHash: token && sha256Hex(token),
    clientNetwork: network,
  });
  if (token && page) {
    const settings = env();
    const email = removalEmail(page.canonicalUrl, `${siteUrl()}/seo-removal/${token}`);
    try {
      await sendEmail({ from: settings.EMAIL_FROM, to: input.email, ...email });
    } catch (error) {
      // The request stays stored but its link never left, so nothing can confirm it: the person may simply ask again.
      if (!(error instanceof EmailError)) throw error;
      throw new DomainError("provider_unavailable", { provider: "our email service", problem: error.message }, {
        cause: error,
      });
    }
  }
  return status === "awaiting_confirmation"
    ? { status, message: REMOVAL_ANSWERS.awaiting_confirmation }
    : { status, message: REMOVAL_ANSWERS.pending_review };
}

/** POST /api/seo/removal-requests/confirm: the removed page's path; an unknown, used or expired token is refused. */
export async function confirmSeoRemoval(token: string): Promise<{ status: "removed"; path: string }> {
  const removed = await confirmRemovalByHash(sha256Hex(token));
  if (!removed) throw new DomainError("seo_removal_link_invalid");
  return { status: "removed", path: seoPagePath(removed.pageType, removed.slug) };
}
