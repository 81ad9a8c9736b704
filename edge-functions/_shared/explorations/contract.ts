// The domain exploration contract shared by the api function and the SPA: POST /api/scrape-domain and its answer
// (the spec's scrape result, discovered email, domainInfo and detectedTechnologies, plus name, external,
// emailPattern and partial).
import { z } from "zod";
import { text } from "../contracts/text.ts";

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TLD = /^[a-z]{2,63}$/;

/**
 * Normalised as the spec says: trimmed, lower-cased, protocol, a leading "www." and any path removed. Null when
 * what is left is not a domain (letter-digit-hyphen labels of 1-63 characters, a top-level part of 2+ letters);
 * IP literals never are.
 */
export function normaliseDomainInput(input: string): string | null {
  const host = input
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/[/?#].*$/, "")
    .replace(/:\d+$/, "")
    .replace(/\.$/, "")
    .replace(/^www\./, "");
  const labels = host.split(".");
  if (labels.length < 2 || host.length > 253) return null;
  const tld = labels.at(-1)!;
  return TLD.test(tld) && labels.every((label) => LABEL.test(label)) ? host : null;
}

export const INVALID_DOMAIN_MESSAGE = "Please enter a valid domain (e.g., example.com)";

export const domainInputSchema = text({ error: "domain is required and must be a string" })
  .max(2048, INVALID_DOMAIN_MESSAGE)
  .transform((value, ctx) => {
    const domain = normaliseDomainInput(value);
    if (domain === null) {
      ctx.addIssue({ code: "custom", message: INVALID_DOMAIN_MESSAGE });
      return z.NEVER;
    }
    return domain;
  });

/** POST /api/scrape-domain: {domain} from the automatic flow, or the scraper form's {domain, enableScraping, fullDataCollection}. */
export const scrapeDomainRequestSchema = z.object({
  domain: domainInputSchema,
  /** Off: no website is fetched; the answer carries registration facts and websiteStatus validation_only. */
  enableScraping: z.boolean().default(true),
  /** On: a fresh crawl even when a result younger than 24 hours is stored. */
  fullDataCollection: z.boolean().default(false),
});
export type ScrapeDomainRequest = z.input<typeof scrapeDomainRequestSchema>;

export const WEBSITE_STATUSES = ["live", "down", "parked", "inactive", "validation_only", "error"] as const;
export const websiteStatusSchema = z.enum(WEBSITE_STATUSES);
export type WebsiteStatus = z.infer<typeof websiteStatusSchema>;

export const discoveredEmailSchema = z.object({
  id: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  name: z.string().nullable(),
  /** The page the address was found on. */
  foundOn: z.string(),
  /** The address belongs to another domain than the one explored. */
  external: z.boolean(),
});
export type DiscoveredEmail = z.infer<typeof discoveredEmailSchema>;

export const SOCIAL_PLATFORMS = ["linkedin", "x", "facebook", "instagram", "youtube", "github", "tiktok"] as const;

export const emailPatternSchema = z.object({
  /** e.g. "{first}.{last}", "{f}{last}", "{first}" */
  pattern: z.string(),
  /** 0-1: the share of named addresses that follow it. */
  confidence: z.number().min(0).max(1),
  /** How many named addresses the inference rests on. */
  samples: z.number().int().min(0),
});
export type EmailPattern = z.infer<typeof emailPatternSchema>;

export const domainInfoSchema = z.object({
  domain: z.string(),
  registrar: z.string().nullable(),
  creationDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  websiteStatus: websiteStatusSchema,
  statusMessage: z.string(),
  companyDescription: z.string().nullable(),
  technologies: z.array(z.string()),
  /** Lines separated by "\n". */
  address: z.string().nullable(),
  phone: z.string().nullable(),
  socialMedia: z.array(z.object({ platform: z.enum(SOCIAL_PLATFORMS), url: z.string() })),
  emailPattern: emailPatternSchema.nullable(),
});
export type DomainInfo = z.infer<typeof domainInfoSchema>;

export const detectedTechnologiesSchema = z.object({
  hasJavaScriptRendering: z.boolean(),
  hasWebsiteBuilder: z.boolean(),
  recommendations: z.array(z.string()),
  explorationTips: z.array(z.string()),
});
export type DetectedTechnologies = z.infer<typeof detectedTechnologiesSchema>;

export const scrapeResultSchema = z.object({
  domain: z.string(),
  emails: z.array(discoveredEmailSchema),
  domainInfo: domainInfoSchema,
  detectedTechnologies: detectedTechnologiesSchema,
  /** The time budget ran out before every planned page was read: the answer holds what was found until then. */
  partial: z.boolean(),
  /** Pages read, for the panel's "where we looked". */
  pagesVisited: z.array(z.string()),
  scrapedAt: z.iso.datetime(),
});
export type ScrapeResult = z.infer<typeof scrapeResultSchema>;
