// The HTML a crawler reads for a landing page: the built SPA's index.html (its module script, stylesheet and
// modulepreloads kept, so the app takes over on load) with the page's head tags and the page itself inside the
// app's root. The static frame repeats the landing screen's outer markup (web/src/features/seo/landing-markup.md):
// the same header height and article classes, so the h1 stays where it is when React renders over it.
import {
  LANDING_CLASSES,
  SEO_NOT_FOUND_DOCUMENT_TITLE,
  SEO_NOT_FOUND_HEAD_TAGS,
  SEO_NOT_FOUND_TEXT,
  SEO_NOT_FOUND_TITLE,
  SEO_PAGE_DATA_ID,
  SEO_REMOVAL_FRAGMENT,
  SEO_SITE_NAME,
  type SeoHeadTag,
  seoHeadTags,
  type SeoPage,
} from "./contract.ts";
import { escapeHtml } from "./html.ts";

/**
 * The landing screen's frame, as landing-markup.md gives it: the header repeats the SPA's header component, the article
 * classes are the contract's, which React renders too.
 */
export const LANDING_MARKUP = {
  ...LANDING_CLASSES,
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
  removalLink: "underline underline-offset-4",
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

/** A published page's document: indexable, with its canonical, social tags, structured data and content. */
export function renderPageDocument(shell: string, page: SeoPage): string {
  const head = [
    `<title>${escapeHtml(page.title)}</title>`,
    ...seoHeadTags(page).map(headTagHtml),
    headTagHtml({ element: "script", attributes: { type: "application/json", id: SEO_PAGE_DATA_ID }, text: JSON.stringify(page) }),
  ];
  const article = [
    `<h1 class="${LANDING_MARKUP.h1}">${escapeHtml(page.h1)}</h1>`,
    // Sanitised when the page was generated (the campaign content allowlist).
    `<div class="${LANDING_MARKUP.content}">${page.content}</div>`,
    `<p class="${LANDING_MARKUP.removal}">` +
      `<a href="#${SEO_REMOVAL_FRAGMENT}" class="${LANDING_MARKUP.removalLink}">Request removal</a></p>`,
  ];
  return assemble(shell, head, article);
}

/** What a missing, removed or switched-off page answers: the landing screen's not-found texts, never indexed. */
export function renderNotFoundDocument(shell: string): string {
  const head = [`<title>${escapeHtml(SEO_NOT_FOUND_DOCUMENT_TITLE)}</title>`, ...SEO_NOT_FOUND_HEAD_TAGS.map(headTagHtml)];
  const article = [
    `<h1 class="${LANDING_MARKUP.h1}">${SEO_NOT_FOUND_TITLE}</h1>`,
    `<p class="${LANDING_MARKUP.notFoundText}">${SEO_NOT_FOUND_TEXT}</p>`,
  ];
  return assemble(shell, head, article);
}

/** A head tag as HTML; a script's JSON with no "<", so neither "</script>" nor "<!--" can end it early. */
function headTagHtml(tag: SeoHeadTag): string {
  const attributes = Object.entries(tag.attributes).map(([name, value]) => ` ${name}="${escapeHtml(value)}"`).join("");
  if (tag.element !== "script") return `<${tag.element}${attributes} />`;
  return `<script${attributes}>${(tag.text ?? "").replaceAll("<", "\\u003c")}</script>`;
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
    `<a href="/" class="${m.logoLink}"><span class="${m.logo}"><span class="${m.logoIcon}"></span>${SEO_SITE_NAME}</span></a>` +
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
