// The HTML a crawler reads for a landing page: the built SPA's index.html (its module script, stylesheet and
// modulepreloads kept, so the app takes over on load) with the page's head tags and the page itself inside the
// app's root. The static frame repeats the landing screen's outer markup (web/src/features/seo/landing-markup.md):
// the same header height and article classes, so the h1 stays where it is when React renders over it.
import type { SeoPage } from "./contract.ts";

export const NOT_FOUND_TITLE = "Page Not Found";
export const NOT_FOUND_TEXT = "The requested page could not be generated or found.";
/** The id of the script holding the page as JSON, which the SPA's first render reads instead of fetching blind. */
export const PAGE_DATA_ID = "seo-page-data";
/** Where the page's "Request removal" link points: the landing screen opens its removal dialog at this fragment. */
export const REMOVAL_FRAGMENT = "request-removal";
const SITE_NAME = "MailScout";

/** The landing screen's frame, as landing-markup.md gives it. */
export const LANDING_MARKUP = {
  frame: "flex min-h-dvh flex-col",
  header: "sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70",
  headerInner: "mx-auto flex h-[57px] max-w-6xl items-center px-4",
  brand: "text-lg font-semibold",
  main: "flex-1 outline-none",
  article: "mx-auto w-full max-w-3xl px-4 py-10",
  h1: "text-3xl font-bold tracking-tight",
  content: "seo-content mt-6 grid gap-4 leading-relaxed",
  removal: "mt-10 text-sm text-muted-foreground underline",
} as const;

/** Used when the built index.html cannot be had: every tag and the content still reach the crawler. */
export const MINIMAL_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/** Text and attribute values as HTML. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** JSON that a <script> element cannot end early: no "<" survives, so neither "</script>" nor "<!--" can appear. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/** A published page's document: indexable, with its canonical, social tags, structured data and content. */
export function renderPageDocument(shell: string, page: SeoPage): string {
  const path = new URL(page.canonicalUrl).pathname;
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    meta("name", "description", page.metaDescription),
    `<link rel="canonical" href="${escapeHtml(page.canonicalUrl)}" />`,
    meta("name", "robots", "index,follow"),
    meta("property", "og:type", "website"),
    meta("property", "og:site_name", SITE_NAME),
    meta("property", "og:title", page.title),
    meta("property", "og:description", page.metaDescription),
    meta("property", "og:url", page.canonicalUrl),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", page.title),
    meta("name", "twitter:description", page.metaDescription),
    `<script type="application/ld+json">${scriptJson(page.schemaMarkup)}</script>`,
    `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(page)}</script>`,
  ];
  const article = [
    `<h1 class="${LANDING_MARKUP.h1}">${escapeHtml(page.h1)}</h1>`,
    // Sanitised when the page was generated (the campaign content allowlist).
    `<div class="${LANDING_MARKUP.content}">${page.content}</div>`,
    `<a class="${LANDING_MARKUP.removal}" href="${escapeHtml(`${path}#${REMOVAL_FRAGMENT}`)}" rel="nofollow">Request removal</a>`,
  ];
  return assemble(shell, head, article);
}

/** What a missing, removed or switched-off page answers: the landing screen's not-found texts, never indexed. */
export function renderNotFoundDocument(shell: string): string {
  const head = [
    `<title>${escapeHtml(`${NOT_FOUND_TITLE} | ${SITE_NAME}`)}</title>`,
    meta("name", "description", NOT_FOUND_TEXT),
    meta("name", "robots", "noindex"),
  ];
  const article = [
    `<h1 class="${LANDING_MARKUP.h1}">${NOT_FOUND_TITLE}</h1>`,
    `<div class="${LANDING_MARKUP.content}"><p>${NOT_FOUND_TEXT}</p></div>`,
  ];
  return assemble(shell, head, article);
}

function meta(key: "name" | "property", name: string, content: string): string {
  return `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
}

// The shell's own page-level tags, which the page's replace: the SPA's generic title and description.
const SHELL_PAGE_TAGS = [
  /<title\b[^>]*>[\s\S]*?<\/title>\s*/gi,
  /<meta\s[^>]*\bname=["']?(?:description|robots|twitter:[\w:]+)["']?[^>]*>\s*/gi,
  /<meta\s[^>]*\bproperty=["']?og:[\w:]+["']?[^>]*>\s*/gi,
  /<link\s[^>]*\brel=["']?canonical["']?[^>]*>\s*/gi,
];
const HEAD_END = /<\/head\s*>/i;
const ROOT = /<div\s+id=["']?root["']?\s*>\s*<\/div>/i;

function assemble(shell: string, head: string[], article: string[]): string {
  const base = HEAD_END.test(shell) && ROOT.test(shell) ? shell : MINIMAL_SHELL;
  const stripped = SHELL_PAGE_TAGS.reduce((html, tag) => html.replace(tag, ""), base);
  const frame =
    `<div class="${LANDING_MARKUP.frame}">` +
    `<header class="${LANDING_MARKUP.header}"><div class="${LANDING_MARKUP.headerInner}">` +
    `<a class="${LANDING_MARKUP.brand}" href="/">${SITE_NAME}</a></div></header>` +
    `<main id="main" tabindex="-1" class="${LANDING_MARKUP.main}"><article class="${LANDING_MARKUP.article}">` +
    article.join("") +
    `</article></main></div>`;
  // Functions as replacements: a "$&" or "$1" in the page's text must stay text.
  return stripped
    .replace(HEAD_END, (end) => `${head.join("\n    ")}\n  ${end}`)
    .replace(ROOT, () => `<div id="root">${frame}</div>`);
}
