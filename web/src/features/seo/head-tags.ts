// A landing page's tags in <head>, right after a client-side navigation as after the server's HTML: the title and the
// contract's list (description, robots, canonical, Open Graph, Twitter, JSON-LD), which the server writes too. Leaving
// the page takes them away again and puts back what the app's own head had (index.html's description), so no other
// screen carries a landing page's canonical.
import type { SeoHeadTag } from "@contracts/seo";
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

/** index.html's description, as opposed to a landing page's: the one owned tag the app's own head has. */
function isShellDescription(element: Element, tags: readonly SeoHeadTag[]): boolean {
  const description = tags.find((tag) => tag.attributes.name === "description")?.attributes.content;
  return element.matches('meta[name="description"]') && element.getAttribute("content") !== description;
}

/** Puts `tags` (and `title`) into <head> while the calling screen is shown. */
export function useHeadTags(title: string | undefined, tags: readonly SeoHeadTag[]): void {
  // The tags' content is the dependency: a new object with the same tags must not rebuild them.
  const signature = JSON.stringify([title, tags]);
  useEffect(() => {
    const [pageTitle, wanted] = JSON.parse(signature) as [string | undefined, readonly SeoHeadTag[]];
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
