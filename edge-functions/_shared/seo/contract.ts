// SEO's contract shared by the api and seo-pages functions (Deno) and the SPA (Vite): landing pages as the public and
// the admin read them, keyword targets, bulk generation, visits and conversions, and removal requests. Ids are uuids;
// days are YYYY-MM-DD; times are ISO strings in UTC.
import { z } from "zod";
import { text } from "../contracts/text.ts";

const timestamp = z.iso.datetime({ offset: true });

// Enumerations and constants ------------------------------------------------------------------------------------------

export const SEO_PAGE_TYPES = ["email_validate", "mx_checker", "domain_verify"] as const;
export type SeoPageType = (typeof SEO_PAGE_TYPES)[number];
export const seoPageTypeSchema = z.enum(SEO_PAGE_TYPES, { error: "pageType must be email_validate, mx_checker or domain_verify" });

/** Where each page type lives on the site; the slug follows the prefix. */
export const SEO_PATH_PREFIXES: Readonly<Record<SeoPageType, string>> = {
  email_validate: "/validate/",
  mx_checker: "/tools/mx-checker/",
  domain_verify: "/verify/",
};

/** The site path of a page: its type's prefix and its slug, percent-encoded where a path needs it ("@" stays). */
export function seoPagePath(pageType: SeoPageType, slug: string): string {
  return SEO_PATH_PREFIXES[pageType] + encodeURIComponent(slug).replaceAll("%40", "@");
}

/** The page type and the still-encoded slug of a site path, or null for a path no landing page lives at. */
export function seoPathParts(path: string): { pageType: SeoPageType; rawSlug: string } | null {
  for (const pageType of SEO_PAGE_TYPES) {
    const prefix = SEO_PATH_PREFIXES[pageType];
    if (path.startsWith(prefix) && path.length > prefix.length) return { pageType, rawSlug: path.slice(prefix.length) };
  }
  return null;
}

/** The sitemap protocol's change frequencies. */
export const CHANGE_FREQS = ["always", "hourly", "daily", "weekly", "monthly", "yearly", "never"] as const;
export type ChangeFreq = (typeof CHANGE_FREQS)[number];
export const KEYWORD_INTENTS = ["informational", "navigational", "commercial", "transactional"] as const;

/**
 * Why a keyword target yields no page. An address page is never made at a free-mail, disposable, mail-less or
 * suppressed domain: the address there most likely belongs to a private person.
 */
export const SKIP_REASONS = [
  "no_entity",
  "free_mail_domain",
  "disposable_domain",
  "mail_less_domain",
  "suppressed",
  "no_template",
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const REMOVAL_STATUSES = ["awaiting_confirmation", "pending_review", "removed", "rejected"] as const;
export type RemovalStatus = (typeof REMOVAL_STATUSES)[number];

export const SEO_DEFAULTS = {
  pagePriority: 0.5,
  changeFreq: "monthly",
  keywordPriority: 5,
  keywordDifficulty: 50,
  keywordSearchVolume: 0,
  keywordCpc: "0.00",
  keywordIntent: "informational",
  bulkGenerateLimit: 100,
} as const;
export const BULK_GENERATE_MAX = 1000;
export const ADMIN_PAGES_LIMIT = 50;
export const ADMIN_KEYWORDS_LIMIT = 100;
export const META_DESCRIPTION_MAX = 160;
/** A sitemap file holds at most this many URLs; past it, /sitemap.xml becomes an index of numbered files. */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** Validation figures for a domain are published only from this many validations, and never list addresses. */
export const VALIDATION_STATS_MIN = 10;
/** Visit rows (one per page, day and visitor) are kept this long: long enough to deduplicate a day. */
export const VISITS_KEPT_DAYS = 2;
/** Hours a removal confirmation link stays valid. */
export const REMOVAL_LINK_HOURS = 48;

// Privacy: how an address is shown ------------------------------------------------------------------------------------

/** A personal address as published: its first character, then *** (jane@acme.com → j***@acme.com). */
export function maskedAddress(local: string, domain: string): string {
  return `${Array.from(local)[0] ?? ""}***@${domain}`;
}

// The landing page as the server's HTML and the SPA both draw it ------------------------------------------------------
// One copy, so what a crawler reads and what React renders over it cannot drift apart. The SPA's styles.css lists this
// file as a Tailwind source, since the classes below are written nowhere else.

export const SEO_SITE_NAME = "MailScout";
export const SEO_NOT_FOUND_TITLE = "Page Not Found";
export const SEO_NOT_FOUND_TEXT = "The requested page could not be generated or found.";
/** The not-found document's title, in the form the SPA's other screens use. */
export const SEO_NOT_FOUND_DOCUMENT_TITLE = `${SEO_NOT_FOUND_TITLE} · ${SEO_SITE_NAME}`;
/** The id of the script holding the page as JSON, which the SPA's first render reads instead of fetching blind. */
export const SEO_PAGE_DATA_ID = "seo-page-data";
/** Where the page's "Request removal" link points: the landing screen opens its removal dialog at this fragment. */
export const SEO_REMOVAL_FRAGMENT = "request-removal";

/** The landing article's classes: the same boxes before and after React takes over, so the h1 does not move. */
export const LANDING_CLASSES = {
  article: "mx-auto w-full max-w-3xl px-4 pt-10 pb-16 sm:pt-14",
  h1: "text-3xl font-bold tracking-tight break-words text-balance sm:text-4xl",
  /** The generated content: sanitised HTML (headings, paragraphs, lists, tables, links), styled from its wrapper. */
  content: [
    "mt-6 grid gap-4 leading-relaxed break-words",
    "[&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h3]:mt-2 [&_h3]:font-semibold",
    "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1",
    "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4",
    "[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:text-sm",
    "[&_th]:border-b [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left [&_th]:font-medium [&_td]:border-b [&_td]:py-2 [&_td]:pr-4",
    "[&_code]:font-mono [&_code]:text-sm",
  ].join(" "),
  removal: "mt-12 text-sm text-muted-foreground",
  notFoundText: "mt-4 text-muted-foreground",
} as const;

/** One tag of a landing page's <head>: the server writes it as HTML, the SPA creates it as an element. */
export interface SeoHeadTag {
  element: "meta" | "link" | "script";
  attributes: Record<string, string>;
  /** A script's JSON text. */
  text?: string;
}

const metaTag = (key: "name" | "property", name: string, content: string): SeoHeadTag => ({
  element: "meta",
  attributes: { [key]: name, content },
});

/** A published page's head tags (the title aside): description, robots, canonical, Open Graph, Twitter, JSON-LD. */
export function seoHeadTags(page: SeoPage): SeoHeadTag[] {
  return [
    metaTag("name", "description", page.metaDescription),
    { element: "link", attributes: { rel: "canonical", href: page.canonicalUrl } },
    metaTag("name", "robots", "index,follow"),
    metaTag("property", "og:type", "website"),
    metaTag("property", "og:site_name", SEO_SITE_NAME),
    metaTag("property", "og:title", page.title),
    metaTag("property", "og:description", page.metaDescription),
    metaTag("property", "og:url", page.canonicalUrl),
    metaTag("name", "twitter:card", "summary"),
    metaTag("name", "twitter:title", page.title),
    metaTag("name", "twitter:description", page.metaDescription),
    { element: "script", attributes: { type: "application/ld+json" }, text: JSON.stringify(page.schemaMarkup) },
  ];
}

/** A missing, removed or switched-off page's head tags: its words, and never indexed. */
export const SEO_NOT_FOUND_HEAD_TAGS: readonly SeoHeadTag[] = [
  metaTag("name", "description", SEO_NOT_FOUND_TEXT),
  metaTag("name", "robots", "noindex"),
];

// Public reads --------------------------------------------------------------------------------------------------------

const schemaMarkup = z.record(z.string(), z.unknown());

/** GET /api/seo/{pageType}/{slug}: an indexable, unremoved page. */
export const seoPageSchema = z.object({
  id: z.uuid(),
  pageType: seoPageTypeSchema,
  slug: z.string(),
  targetEntity: z.string(),
  title: z.string(),
  metaDescription: z.string().max(META_DESCRIPTION_MAX),
  h1: z.string(),
  /** Sanitised HTML (the same allowlist as campaign content). */
  content: z.string(),
  schemaMarkup,
  canonicalUrl: z.url(),
  lastUpdated: timestamp,
});
export type SeoPage = z.infer<typeof seoPageSchema>;

/** POST /api/seo/removal-requests. */
export const removalRequestSchema = z.object({
  url: text({ error: "url must be text" }).trim().min(1, "url is required").max(2000, "url must be at most 2000 characters"),
  email: z.email({ error: "email must be an email address" }).max(320),
  reason: text({ error: "reason must be text" }).trim().min(1, "reason is required").max(1000, "reason must be at most 1000 characters"),
});
export type RemovalRequestInput = z.infer<typeof removalRequestSchema>;
/**
 * 202: awaiting_confirmation when the address is at the page's domain (a link was mailed to it), else pending_review
 * (an admin decides). The answer is the same whether or not the page exists, so the form reveals nothing.
 */
export const removalRequestAnswerSchema = z.object({
  status: z.enum(["awaiting_confirmation", "pending_review"]),
  message: z.string(),
});

/** POST /api/seo/removal-requests/confirm {token}: the mailed link's page posts its token (a GET could be prefetched). */
export const removalConfirmationSchema = z.object({
  token: text({ error: "token must be text" }).min(1, "token is required").max(200, "token must be at most 200 characters"),
});
export const removalConfirmationAnswerSchema = z.object({ status: z.literal("removed"), path: z.string() });

// Admin ---------------------------------------------------------------------------------------------------------------

/** GET /api/admin/seo/stats. avgConversionRate: mean of conversions/views × 100 over pages with views, 1 decimal. */
export const seoStatsSchema = z.object({
  totalPages: z.number().int().nonnegative(),
  totalViews: z.number().int().nonnegative(),
  totalConversions: z.number().int().nonnegative(),
  avgConversionRate: z.number().nonnegative(),
});
export type SeoStats = z.infer<typeof seoStatsSchema>;

/** GET /api/admin/seo/pages?limit=50 (newest first). */
export const adminSeoPageSchema = z.object({
  id: z.uuid(),
  pageType: seoPageTypeSchema,
  slug: z.string(),
  path: z.string(),
  targetKeyword: z.string(),
  targetEntity: z.string(),
  title: z.string(),
  metaDescription: z.string(),
  h1: z.string(),
  isIndexable: z.boolean(),
  priority: z.number().min(0).max(1),
  changeFreq: z.enum(CHANGE_FREQS),
  views: z.number().int().nonnegative(),
  conversions: z.number().int().nonnegative(),
  /** conversions/views × 100, 1 decimal; 0 with no views. */
  conversionRate: z.number().nonnegative(),
  keywordTargetId: z.uuid().nullable(),
  templateId: z.uuid().nullable(),
  lastUpdated: timestamp,
  createdAt: timestamp,
  removedAt: timestamp.nullable(),
});
export type AdminSeoPage = z.infer<typeof adminSeoPageSchema>;

export const seoListQuerySchema = (defaultLimit: number, max: number) =>
  z.object({
    limit: z.coerce
      .number({ error: "limit must be a number" })
      .int("limit must be a whole number")
      .min(1, "limit must be 1 or more")
      .max(max, `limit must be at most ${max}`)
      .default(defaultLimit),
  });

/** The most rows an admin list answers at once (limit beyond it: 400). */
export const ADMIN_LIST_MAX = 1000;
export const adminPagesQuerySchema = seoListQuerySchema(ADMIN_PAGES_LIMIT, ADMIN_LIST_MAX);
export const adminKeywordsQuerySchema = seoListQuerySchema(ADMIN_KEYWORDS_LIMIT, ADMIN_LIST_MAX);

/** PATCH /api/admin/seo/pages/{id}. */
export const updateSeoPageSchema = z.object({ isIndexable: z.boolean({ error: "isIndexable must be true or false" }) });

/**
 * GET /api/admin/seo/keywords?limit=100, newest first: with a limit of 100, a list in generation order would hide the
 * keyword an admin just added behind older ones of higher priority.
 */
export const keywordTargetSchema = z.object({
  id: z.uuid(),
  keyword: z.string(),
  pageType: seoPageTypeSchema,
  searchVolume: z.number().int().nonnegative(),
  difficulty: z.number().int().min(0).max(100),
  cpc: z.string(),
  intent: z.enum(KEYWORD_INTENTS),
  priority: z.number().int().min(1).max(10),
  isGenerated: z.boolean(),
  skipReason: z.enum(SKIP_REASONS).nullable(),
  pageId: z.uuid().nullable(),
  createdAt: timestamp,
});
export type KeywordTarget = z.infer<typeof keywordTargetSchema>;

/** POST /api/admin/seo/keywords; 409 when the keyword (case and spaces ignored) exists for that pageType. */
export const newKeywordTargetSchema = z.object({
  keyword: text({ error: "keyword must be text" }).trim().min(1, "keyword is required").max(200, "keyword must be at most 200 characters"),
  pageType: seoPageTypeSchema,
  searchVolume: z
    .number({ error: "searchVolume must be a number" })
    .int("searchVolume must be a whole number")
    .min(0, "searchVolume must be 0 or more")
    .default(SEO_DEFAULTS.keywordSearchVolume),
  difficulty: z
    .number({ error: "difficulty must be a number" })
    .int("difficulty must be a whole number")
    .min(0, "difficulty must be between 0 and 100")
    .max(100, "difficulty must be between 0 and 100")
    .default(SEO_DEFAULTS.keywordDifficulty),
  cpc: z
    .union([z.string(), z.number()], { error: "cpc must be an amount such as 0.00" })
    .transform((value) => String(value).trim())
    .refine((value) => /^\d{1,6}(\.\d{1,2})?$/.test(value), "cpc must be an amount of 0.00 or more, with at most 2 decimals")
    .transform((value) => Number(value).toFixed(2))
    .default(SEO_DEFAULTS.keywordCpc),
  intent: z
    .enum(KEYWORD_INTENTS, { error: "intent must be informational, navigational, commercial or transactional" })
    .default(SEO_DEFAULTS.keywordIntent),
  priority: z
    .number({ error: "priority must be a number" })
    .int("priority must be a whole number")
    .min(1, "priority must be between 1 and 10")
    .max(10, "priority must be between 1 and 10")
    .default(SEO_DEFAULTS.keywordPriority),
});
export type NewKeywordTarget = z.infer<typeof newKeywordTargetSchema>;

/** POST /api/admin/seo/generate-bulk. */
export const generateBulkSchema = z.object({
  limit: z
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, `limit must be between 1 and ${BULK_GENERATE_MAX}`)
    .max(BULK_GENERATE_MAX, `limit must be between 1 and ${BULK_GENERATE_MAX}`)
    .default(SEO_DEFAULTS.bulkGenerateLimit),
});
/** remaining: targets still to generate (not generated, not skipped); the dashboard calls again while it is above 0. */
export const generateBulkResultSchema = z.object({
  generatedCount: z.number().int().nonnegative(),
  skippedCount: z.number().int().nonnegative(),
  remaining: z.number().int().nonnegative(),
});
export type GenerateBulkResult = z.infer<typeof generateBulkResultSchema>;

/** GET /api/admin/seo/removal-requests?status= (newest first, at most 100). */
export const adminRemovalRequestSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  pageId: z.uuid().nullable(),
  email: z.string(),
  reason: z.string(),
  status: z.enum(REMOVAL_STATUSES),
  createdAt: timestamp,
  decidedAt: timestamp.nullable(),
});
export type AdminRemovalRequest = z.infer<typeof adminRemovalRequestSchema>;
export const removalListQuerySchema = z.object({ status: z.enum(REMOVAL_STATUSES).optional() });

/** POST /api/admin/seo/removal-requests/{id}/decision: approve removes the page and suppresses its entity. */
export const removalDecisionSchema = z.object({
  decision: z.enum(["approve", "reject"], { error: "decision must be approve or reject" }),
});
