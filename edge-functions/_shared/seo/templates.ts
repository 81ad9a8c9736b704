// Rendering a content template into a page: {name} takes the variable's value (escaped where it goes into HTML), else
// the template's fallback sentence for it, else nothing, so a raw {name} never reaches a page. The content then goes
// through the campaign allowlist (sanitizeCampaignHtml): a template an admin edits can hold no script either. Title,
// meta description and h1 are plain text (the document renderer escapes them); the description is cut to 160
// characters at a word. The JSON-LD is built here: WebPage, BreadcrumbList, FAQPage, and WebApplication for the tool.
import { sanitizeCampaignHtml } from "../email-content/index.ts";
import { META_DESCRIPTION_MAX, type SeoPageType } from "./contract.ts";
import { escapeHtml, hex } from "./html.ts";
import { HTML_VARIABLES, type PageVariables } from "./page-data.ts";

export interface ContentTemplate {
  id: string;
  pageType: SeoPageType;
  templateName: string;
  titleTemplate: string;
  metaTemplate: string;
  h1Template: string;
  contentTemplate: string;
  schemaTemplate: Record<string, unknown>;
  /** Variable name → fallback sentence. */
  fallbacks: Record<string, string>;
}

export interface RenderedPage {
  title: string;
  metaDescription: string;
  h1: string;
  content: string;
  schemaMarkup: Record<string, unknown>;
}

export interface PageAddress {
  pageType: SeoPageType;
  canonicalUrl: string;
  siteUrl: string;
  shownEntity: string;
}

/** Title and h1 fit their columns (1-200 characters). */
const HEADING_MAX = 200;
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]*)\}/g;

// FNV-1a: a fast, stable spread of slugs over a type's templates; nothing secret depends on it.
function slugHash(slug: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(slug)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** One of the active templates, always the same for a slug while the set of templates stays the same. */
export function pickTemplate(templates: readonly ContentTemplate[], slug: string): ContentTemplate | null {
  if (templates.length === 0) return null;
  const ordered = [...templates].sort((a, b) => (a.templateName < b.templateName ? -1 : a.templateName > b.templateName ? 1 : 0));
  return ordered[slugHash(slug) % ordered.length]!;
}

type Mode = "html" | "text";

function fill(template: string, variables: PageVariables, fallbacks: Record<string, string>, mode: Mode, depth = 0): string {
  return template.replace(PLACEHOLDER, (_, name: string) => {
    const value = variables[name];
    const isHtml = HTML_VARIABLES.has(name);
    if (value !== undefined && !(isHtml && mode === "text")) return isHtml ? value : mode === "html" ? escapeHtml(value) : value;
    const fallback = fallbacks[name];
    // A fallback may name other variables ("the MX records of {domain}"), but not its own fallbacks again.
    return fallback === undefined || depth > 0 ? "" : fill(fallback, variables, {}, mode, depth + 1);
  });
}

/** Text on one line, at most `max` characters, cut at a word with an ellipsis when it was longer. */
export function cutAtWord(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const room = line.slice(0, max - 1);
  const space = room.lastIndexOf(" ");
  return `${(space > 0 ? room.slice(0, space) : room).replace(/[\s,;:.-]+$/, "")}…`;
}

function fillJson(value: unknown, variables: PageVariables, fallbacks: Record<string, string>): unknown {
  if (typeof value === "string") return cutAtWord(fill(value, variables, fallbacks, "text"), 5_000);
  if (Array.isArray(value)) return value.map((item) => fillJson(item, variables, fallbacks));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillJson(item, variables, fallbacks)]));
  }
  return value;
}

interface Faq {
  question: string;
  answer: string;
}

// Questions a page answers when its template names none: each only with the data for its answer.
const DEFAULT_FAQ: Record<SeoPageType, [string, string[]][]> = {
  email_validate: [["Is {address} a valid email address?", ["verdict"]], ["Can {domain} receive email?", ["mxSummary"]]],
  mx_checker: [
    ["What are the MX records of {domain}?", ["mxSummary"]],
    ["Which mail provider does {domain} use?", ["provider"]],
    ["Does {domain} publish SPF and DMARC?", ["spf", "dmarc"]],
  ],
  domain_verify: [
    ["Can {domain} receive email?", ["mxSummary"]],
    ["Does {domain} protect its mail with SPF and DMARC?", ["spf", "dmarc"]],
  ],
};

function faqs(template: ContentTemplate, variables: PageVariables): Faq[] {
  const given = template.schemaTemplate.faq;
  if (Array.isArray(given)) {
    return given.flatMap((item) => {
      const { question, answer } = (item ?? {}) as Record<string, unknown>;
      if (typeof question !== "string" || typeof answer !== "string") return [];
      const filled = { question: fill(question, variables, template.fallbacks, "text"), answer: fill(answer, variables, template.fallbacks, "text") };
      return filled.question.trim() && filled.answer.trim() ? [filled] : [];
    });
  }
  return DEFAULT_FAQ[template.pageType].flatMap(([question, names]) => {
    if (!names.every((name) => variables[name] !== undefined)) return [];
    const answer = names.map((name) => name === "provider" ? `${variables.domain} uses ${variables.provider}.` : variables[name]).join(" ");
    return [{ question: fill(question, variables, {}, "text"), answer }];
  });
}

const TOOL_NAMES: Record<SeoPageType, string> = {
  email_validate: "Email address validation",
  mx_checker: "MX record checker",
  domain_verify: "Domain email verification",
};

function schemaMarkup(template: ContentTemplate, variables: PageVariables, page: PageAddress, text: Omit<RenderedPage, "content" | "schemaMarkup">) {
  const { faq: _faq, ...extra } = fillJson(template.schemaTemplate, variables, template.fallbacks) as Record<string, unknown>;
  const questions = faqs(template, variables);
  const graph: Record<string, unknown>[] = [
    {
      ...extra,
      "@type": "WebPage",
      "@id": `${page.canonicalUrl}#webpage`,
      url: page.canonicalUrl,
      name: text.title,
      headline: text.h1,
      description: text.metaDescription,
      inLanguage: "en",
    },
    {
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "MailScout", item: `${page.siteUrl}/` },
        { "@type": "ListItem", position: 2, name: `${TOOL_NAMES[page.pageType]}: ${page.shownEntity}`, item: page.canonicalUrl },
      ],
    },
  ];
  if (questions.length > 0) {
    graph.push({
      "@type": "FAQPage",
      mainEntity: questions.map(({ question, answer }) => ({
        "@type": "Question",
        name: question,
        acceptedAnswer: { "@type": "Answer", text: answer },
      })),
    });
  }
  if (page.pageType === "mx_checker") {
    graph.push({
      "@type": "WebApplication",
      name: TOOL_NAMES.mx_checker,
      url: page.canonicalUrl,
      applicationCategory: "UtilitiesApplication",
      operatingSystem: "Any",
      offers: { "@type": "Offer", price: "0", priceCurrency: "USD" },
    });
  }
  return { "@context": "https://schema.org", "@graph": graph };
}

export function renderTemplate(template: ContentTemplate, variables: PageVariables, page: PageAddress): RenderedPage {
  // A page always has a title and an h1: a template whose heading renders empty gets the entity instead.
  const heading = (source: string) => cutAtWord(fill(source, variables, template.fallbacks, "text"), HEADING_MAX) || page.shownEntity;
  const text = {
    title: heading(template.titleTemplate),
    metaDescription: cutAtWord(fill(template.metaTemplate, variables, template.fallbacks, "text"), META_DESCRIPTION_MAX),
    h1: heading(template.h1Template),
  };
  return {
    ...text,
    content: sanitizeCampaignHtml(fill(template.contentTemplate, variables, template.fallbacks, "html")),
    schemaMarkup: schemaMarkup(template, variables, page, text),
  };
}

/** sha-256 hex of what a page shows: a refresh moves the page's lastmod only when it changes. */
export async function contentHash(page: RenderedPage): Promise<string> {
  const joined = [page.title, page.metaDescription, page.h1, page.content, JSON.stringify(page.schemaMarkup)].join("|");
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(joined));
  return hex(digest);
}
