// One crawled page, parsed once and read once for everything the extractors share: its visible text, meta tags,
// links, scripts, language and title, and its JSON-LD.
import type { CrawledPage } from "../crawl/index.ts";
import { parsePage, type ParsedPage, rawText } from "./page-text.ts";
import { readStructuredData, type StructuredData } from "./structured-data.ts";

export interface ReadPage {
  readonly url: string;
  readonly isHome: boolean;
  readonly html: string;
  readonly parsed: ParsedPage;
  readonly structured: StructuredData;
  /** <meta name|property> (lower-cased) → contents. */
  readonly meta: ReadonlyMap<string, readonly string[]>;
  /** <a href> as written: resolving thousands of links costs more than the few readers that need a host. */
  readonly links: readonly string[];
  /** Absolute URLs of <script src>. */
  readonly scriptSources: readonly string[];
  /** The bodies of inline scripts other than JSON data, joined. */
  readonly inlineScripts: string;
  readonly scriptCount: number;
  /** An empty element where a script framework mounts its app (#root, #__next, <app-root>...). */
  readonly emptyAppMount: boolean;
  /** A <noscript> asks the visitor to turn JavaScript on. */
  readonly asksForJavaScript: boolean;
  readonly lang: string | null;
  readonly title: string;
}

const APP_MOUNT_ID = /^(?:root|app|__next|__nuxt|___gatsby|svelte|main-app|app-root)$/;
const DATA_SCRIPT = /^(?:application\/(?:ld\+)?json|text\/template|text\/x-template|importmap|speculationrules)$/i;

function absolute(href: string, base: string): string | null {
  return URL.parse(href.trim(), base)?.href ?? null;
}

export function readPage(page: CrawledPage, isHome: boolean): ReadPage {
  const parsed = parsePage(page.html);
  const meta = new Map<string, string[]>();
  const links: string[] = [];
  const scriptSources: string[] = [];
  const inline: string[] = [];
  let scriptCount = 0;
  let lang: string | null = null;
  let title = "";
  let emptyAppMount = false;
  let asksForJavaScript = false;
  for (const element of parsed.elements) {
    const { attribs } = element;
    if (
      (APP_MOUNT_ID.test(attribs.id ?? "") || element.name === "app-root" || attribs["data-reactroot"] !== undefined) &&
      parsed.text.textOf(element).trim() === ""
    ) emptyAppMount = true;
    switch (element.name) {
      case "noscript":
        asksForJavaScript ||= /javascript/i.test(rawText(element));
        break;
      case "html":
        lang ??= attribs.lang?.trim() || null;
        break;
      case "title":
        title ||= rawText(element).replace(/\s+/g, " ").trim();
        break;
      case "meta": {
        const key = (attribs.name ?? attribs.property ?? attribs["http-equiv"])?.trim().toLowerCase();
        if (key && attribs.content !== undefined) meta.set(key, [...(meta.get(key) ?? []), attribs.content.trim()]);
        break;
      }
      case "a":
        if (attribs.href !== undefined) links.push(attribs.href.trim());
        break;
      case "script": {
        if (DATA_SCRIPT.test(attribs.type?.trim() ?? "")) break;
        scriptCount++;
        const source = attribs.src === undefined ? null : absolute(attribs.src, page.url);
        if (source !== null) scriptSources.push(source);
        else inline.push(rawText(element));
        break;
      }
    }
  }
  return {
    url: page.url,
    isHome,
    html: page.html,
    parsed,
    structured: readStructuredData(parsed.elements),
    meta,
    links,
    scriptSources,
    inlineScripts: inline.join("\n"),
    scriptCount,
    emptyAppMount,
    asksForJavaScript,
    lang,
    title,
  };
}
