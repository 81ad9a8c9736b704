// The page seo-pages embedded in its HTML (<script id="seo-page-data" type="application/json">), for the screen's first
// render. Read while React renders for the first time: its first commit replaces the server's markup, script and all.
import { SEO_PAGE_DATA_ID, type SeoPage, type SeoPageType, seoPageSchema } from "@contracts/seo";

/** Whether the server's HTML carries a landing page (the app then shows it from its first render). */
export function hasEmbeddedSeoPage(): boolean {
  return document.getElementById(SEO_PAGE_DATA_ID) !== null;
}

/** The embedded page when it is the one asked for (same type and slug) and reads as one; otherwise undefined. */
export function embeddedSeoPage(pageType: SeoPageType, slug: string): SeoPage | undefined {
  const script = document.getElementById(SEO_PAGE_DATA_ID);
  if (!(script instanceof HTMLScriptElement) || script.type !== "application/json") return undefined;
  let data: unknown;
  try {
    data = JSON.parse(script.textContent ?? "");
  } catch {
    return undefined;
  }
  const parsed = seoPageSchema.safeParse(data);
  return parsed.success && parsed.data.pageType === pageType && parsed.data.slug === slug ? parsed.data : undefined;
}
