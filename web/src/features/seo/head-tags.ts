// A landing page's tags in <head>, right after a client-side navigation as after the server's HTML: title, meta
// description, robots, canonical, Open Graph, Twitter and the JSON-LD. Leaving the page takes them away again and puts
// back what the app's own head had (index.html's description), so no other screen carries a landing page's canonical.
import type { SeoPage } from "@contracts/seo";
import { useEffect } from "react";

/** The tags a landing page owns: any copy already in <head> (the server's) is replaced while the page is shown. */
const OWNED_SELECTOR = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'meta[property^="og:"]',
  'meta[name^="twitter:"]',
  'script[type="application/ld+json"]',
].join(", ");

type Tag = { element: "meta" | "link" | "script"; attributes: Record<string, string>; text?: string };

export function headTagsFor(page: SeoPage): Tag[] {
  const meta = (key: "name" | "property", name: string, content: string): Tag => ({
    element: "meta",
    attributes: { [key]: name, content },
  });
  return [
    meta("name", "description", page.metaDescription),
    meta("name", "robots", "index,follow"),
    { element: "link", attributes: { rel: "canonical", href: page.canonicalUrl } },
    meta("property", "og:type", "website"),
    meta("property", "og:title", page.title),
    meta("property", "og:description", page.metaDescription),
    meta("property", "og:url", page.canonicalUrl),
    meta("property", "og:site_name", "MailScout"),
    meta("name", "twitter:card", "summary"),
    meta("name", "twitter:title", page.title),
    meta("name", "twitter:description", page.metaDescription),
    { element: "script", attributes: { type: "application/ld+json" }, text: JSON.stringify(page.schemaMarkup) },
  ];
}

/** What a missing page tells crawlers that run the SPA: nothing here to index. */
export const notFoundHeadTags: Tag[] = [{ element: "meta", attributes: { name: "robots", content: "noindex" } }];

/** index.html's description, as opposed to a landing page's: the one owned tag the app's own head has. */
function isShellDescription(element: Element, tags: Tag[]): boolean {
  const description = tags.find((tag) => tag.attributes.name === "description")?.attributes.content;
  return element.matches('meta[name="description"]') && element.getAttribute("content") !== description;
}

/** Puts `tags` (and `title`) into <head> while the calling screen is shown. */
export function useHeadTags(title: string | undefined, tags: Tag[]): void {
  // The tags' content is the dependency: a new object with the same tags must not rebuild them.
  const signature = JSON.stringify([title, tags]);
  useEffect(() => {
    const [pageTitle, wanted] = JSON.parse(signature) as [string | undefined, Tag[]];
    const previousTitle = document.title;
    const replaced = [...document.head.querySelectorAll(OWNED_SELECTOR)];
    for (const element of replaced) element.remove();
    const added = wanted.map((tag) => {
      const element = document.createElement(tag.element);
      for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
      if (tag.text !== undefined) element.textContent = tag.text;
      return document.head.appendChild(element);
    });
    if (pageTitle !== undefined) document.title = pageTitle;
    return () => {
      for (const element of added) element.remove();
      // The server's copies of this page's tags stay gone; the app's own description (index.html's) comes back.
      for (const element of replaced) if (isShellDescription(element, wanted)) document.head.appendChild(element);
      if (pageTitle !== undefined) document.title = previousTitle;
    };
  }, [signature]);
}
