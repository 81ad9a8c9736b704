// Views and conversions of landing pages, each counted once per visitor, page and day. The visitor is the marketing
// session the browser keeps (X-Session-ID), else its client address and user agent; either is kept only as an HMAC
// under a key derived from WORKER_SECRET with the day in its input, so no address is stored, and the same visitor
// hashes differently every day: yesterday's rows can't be joined to today's. Crawlers are not counted. A signed-in
// admin previewing a page is counted like anyone: the counter knows visitors, not accounts.
import { isbot } from "isbot";
import { z } from "zod";
import { derivedHmacKey } from "../derived-keys.ts";
import { env } from "../env.ts";
import { DomainError } from "../errors.ts";
import { truncatedNetwork } from "../marketing/index.ts";
import { SEO_CONVERSIONS_PER_MINUTE, takeSeoConversion } from "../rate-limits/index.ts";
import { type SeoPage, seoPageTypeSchema } from "./contract.ts";
import { hex } from "./html.ts";
import { findPage } from "./pages-store.ts";
import { isPublishedPage, recordSeoVisit, type VisitKind } from "./privileged-visits.ts";
import { canonicalSlug } from "./slug.ts";

export interface PageVisitor {
  /** The marketing session id (X-Session-ID), already checked. */
  sessionId: string | null;
  clientIp: string | null;
  userAgent: string | null;
}

const HASH_PURPOSE = "seo page visitor";
const encoder = new TextEncoder();

/** The UTC day a visit belongs to (YYYY-MM-DD): the salt of its hash and its row's day. */
export function visitDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Who the visitor is on `day`, as stored: hex HMAC-SHA-256 of the day and the session, else the address and agent. */
export async function visitorHash(visitor: PageVisitor, day: string, secret: string): Promise<string> {
  const who = visitor.sessionId !== null
    ? ["session", visitor.sessionId]
    : ["client", visitor.clientIp ?? "", visitor.userAgent ?? ""];
  const signature = await crypto.subtle.sign(
    "HMAC",
    await derivedHmacKey(secret, HASH_PURPOSE),
    encoder.encode(JSON.stringify([day, ...who])),
  );
  return hex(signature);
}

/** Counts the visit unless a crawler made it; answers whether it counted. */
async function countVisit(pageId: string, visitor: PageVisitor, kind: VisitKind, now: Date): Promise<boolean> {
  if (visitor.userAgent !== null && isbot(visitor.userAgent)) return false;
  const day = visitDay(now);
  return await recordSeoVisit(pageId, await visitorHash(visitor, day, env().WORKER_SECRET), kind, day);
}

/**
 * GET /api/seo/{pageType}/{slug}: the published page at the slug (any spelling of it), its view counted unless the
 * visitor is null (a HEAD request reads no page). Missing or switched off → seo_page_not_found; removed →
 * seo_page_removed.
 */
export async function viewSeoPage(
  pageType: string,
  slug: string,
  visitor: PageVisitor | null,
  now = new Date(),
): Promise<SeoPage> {
  const type = seoPageTypeSchema.safeParse(pageType);
  const canonical = type.success ? canonicalSlug(type.data, slug) : null;
  if (!type.success || canonical === null) throw new DomainError("seo_page_not_found");
  const found = await findPage(type.data, canonical);
  if (found.state === "removed") throw new DomainError("seo_page_removed");
  if (found.state === "missing") throw new DomainError("seo_page_not_found");
  const { entityDomain: _entityDomain, ...page } = found.page;
  if (visitor) await countVisit(page.id, visitor, "view", now);
  return page;
}

const pageIdSchema = z.uuid();

/** POST /api/seo/conversion/{pageId}: counted once per visitor and day; limited per visitor before any work. */
export async function recordSeoConversion(pageId: string, visitor: PageVisitor, now = new Date()): Promise<void> {
  const network = truncatedNetwork(visitor.clientIp);
  const subject = visitor.sessionId !== null ? `session:${visitor.sessionId}` : network && `network:${network}`;
  if (!subject) throw new DomainError("unknown_client_address");
  const decision = await takeSeoConversion(subject);
  if (!decision.allowed) {
    throw new DomainError("rate_limited", {
      decision,
      what: `Too many conversions: at most ${SEO_CONVERSIONS_PER_MINUTE} a minute.`,
    });
  }
  if (!pageIdSchema.safeParse(pageId).success || !(await isPublishedPage(pageId))) {
    throw new DomainError("seo_page_not_found");
  }
  await countVisit(pageId, visitor, "conversion", now);
}
