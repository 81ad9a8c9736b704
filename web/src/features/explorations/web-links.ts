// Links to pages of an explored website. The URLs come from the server's crawl, but whatever reaches an href must be
// a web page: anything else (javascript:, data:) is shown as text, never made clickable.

export type WebPageLink = { href: string; text: string };

/** An http(s) URL as a link, its text without the scheme and trailing slash; null for anything else. */
export function webPageLink(url: string): WebPageLink | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  const text = `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}${parsed.search}`;
  return { href: parsed.href, text };
}

/** The explored site's home page, for "Open Website in New Tab". */
export function homePageOf(domain: string): string {
  return `https://${domain}/`;
}
