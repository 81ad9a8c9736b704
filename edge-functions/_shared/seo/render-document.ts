// The HTML a crawler reads for a landing page: the built SPA's index.html (its module script, stylesheet and
// modulepreloads kept, so the app takes over on load) with the page's head tags and the page itself inside the
// app's root. The static frame repeats the landing screen's outer markup (web/src/features/seo/landing-markup.md):
// the same header height and article classes, so the h1 stays where it is when React renders over it.
import type { SeoPage } from "./contract.ts";
import { escapeHtml } from "./html.ts";

export const NOT_FOUND_TITLE = "Page Not Found";
export const NOT_FOUND_TEXT = "The requested page could not be generated or found.";
/** The id of the script holding the page as JSON, which the SPA's first render reads instead of fetching blind. */
export const PAGE_DATA_ID = "seo-page-data";
/** Where the page's "Request removal" link points: the landing screen opens its removal dialog at this fragment. */
export const REMOVAL_FRAGMENT = "request-removal";
const SITE_NAME = "MailScout";

/** The landing screen's classes, as landing-markup.md gives them. */
export const LANDING_MARKUP = {
  frame: "flex min-h-dvh flex-col",
  skipLink: "sr-only",
  header: "sticky top-0 z-40 border-b bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70",
  headerRow: "mx-auto flex max-w-6xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2.5 md:flex-nowrap md:gap-x-6",
  logoLink: "rounded-lg",
  logo: "flex items-center gap-2 text-base font-semibold tracking-tight sm:text-lg",
  logoIcon: "grid size-8 place-items-center rounded-lg bg-primary text-primary-foreground shadow-sm",
  nav: "order-last -mx-2 w-full overflow-x-auto md:order-none md:mx-0 md:w-auto",
  navList: "flex items-center gap-1",
  navLink: "rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-muted-foreground",
  headerEnd: "ml-auto flex items-center gap-0.5 sm:gap-1",
  iconButton: "size-10 shrink-0 max-sm:size-9",
  accountLoading: "ml-1 h-10 w-28 animate-pulse rounded-lg bg-muted sm:ml-2",
  main: "flex-1 outline-none",
  article: "mx-auto w-full max-w-3xl px-4 pt-10 pb-16 sm:pt-14",
  h1: "text-3xl font-bold tracking-tight break-words text-balance sm:text-4xl",
  content:
    "mt-6 grid gap-4 leading-relaxed break-words [&_h2]:mt-4 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight " +
    "[&_h3]:mt-2 [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1 " +
    "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_table]:block [&_table]:w-full " +
    "[&_table]:overflow-x-auto [&_table]:text-sm [&_th]:border-b [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left " +
    "[&_th]:font-medium [&_td]:border-b [&_td]:py-2 [&_td]:pr-4 [&_code]:font-mono [&_code]:text-sm",
  removal: "mt-12 text-sm text-muted-foreground",
  removalLink: "underline underline-offset-4",
  notFoundText: "mt-4 text-muted-foreground",
} as const;

/** The header's main navigation as the SPA first renders it for a visitor whose sign-in state is still loading. */
const NAV_LINKS = [
  ["/", "Home"],
  ["/contacts", "Contacts"],
  ["/bulk-validation", "Bulk Validation"],
  ["/pricing", "Pricing"],
  ["/support", "Support"],
] as const;

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

/** JSON that a <script> element cannot end early: no "<" survives, so neither "</script>" nor "<!--" can appear. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/** A published page's document: indexable, with its canonical, social tags, structured data and content. */
export function renderPageDocument(shell: string, page: SeoPage): string {
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
    `<p class="${LANDING_MARKUP.removal}">` +
      `<a href="#${REMOVAL_FRAGMENT}" class="${LANDING_MARKUP.removalLink}">Request removal</a></p>`,
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
    `<p class="${LANDING_MARKUP.notFoundText}">${NOT_FOUND_TEXT}</p>`,
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
  const m = LANDING_MARKUP;
  const nav = NAV_LINKS.map(([href, label]) => `<li><a href="${href}" class="${m.navLink}">${label}</a></li>`).join("");
  const header =
    `<header class="${m.header}"><div class="${m.headerRow}">` +
    `<a href="/" class="${m.logoLink}"><span class="${m.logo}"><span class="${m.logoIcon}"></span>${SITE_NAME}</span></a>` +
    `<nav aria-label="Main" class="${m.nav}"><ul class="${m.navList}">${nav}</ul></nav>` +
    `<div class="${m.headerEnd}">` +
    `<span class="${m.iconButton}" aria-hidden="true"></span><span class="${m.iconButton}" aria-hidden="true"></span>` +
    `<div class="${m.accountLoading}"></div></div></div></header>`;
  const frame =
    `<div class="${m.frame}"><a href="#main" class="${m.skipLink}">Skip to content</a>${header}` +
    `<main id="main" tabindex="-1" class="${m.main}"><article class="${m.article}">${article.join("")}</article></main>` +
    `</div>`;
  // Functions as replacements: a "$&" or "$1" in the page's text must stay text.
  return stripped
    .replace(HEAD_END, (end) => `${head.join("\n    ")}\n  ${end}`)
    .replace(ROOT, () => `<div id="root">${frame}</div>`);
}
