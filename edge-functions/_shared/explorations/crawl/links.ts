// The links of a page, with the words they are shown with, for choosing which pages to visit. Parsed with htmlparser2
// (a maintained, forgiving HTML tokenizer); <base href> is honoured as browsers do.
import { Parser } from "htmlparser2";

export interface PageLink {
  url: URL;
  /** The link's visible text, whitespace collapsed; its title or aria-label when it has none. */
  text: string;
}

export function linksOf(html: string, pageUrl: string): PageLink[] {
  const links: { href: string; text: string; label: string }[] = [];
  let base = pageUrl;
  let open: { href: string; text: string; label: string } | undefined;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "base" && attributes.href && URL.canParse(attributes.href, pageUrl)) {
        base = new URL(attributes.href, pageUrl).href;
      }
      if ((name === "a" || name === "area") && attributes.href !== undefined) {
        const link = {
          href: attributes.href,
          text: "",
          label: attributes["aria-label"] ?? attributes.title ?? attributes.alt ?? "",
        };
        links.push(link);
        if (name === "a") open = link;
      }
    },
    ontext(text) {
      if (open) open.text += text;
    },
    onclosetag(name) {
      if (name === "a") open = undefined;
    },
  });
  parser.write(html);
  parser.end();

  return links.flatMap(({ href, text, label }) => {
    const trimmed = href.trim();
    if (!URL.canParse(trimmed, base)) return [];
    const url = new URL(trimmed, base);
    url.hash = "";
    return [{ url, text: (text.trim() === "" ? label : text).replace(/\s+/g, " ").trim() }];
  });
}
