// A campaign's HTML as an admin wrote it, cut down to what an email may carry: ordinary markup (paragraphs, headings,
// lists, layout tables, links, images) with inline styles limited to layout and type. Everything that could run or
// leak (scripts, event handlers, frames, forms, embeds, style sheets, javascript: and data: URLs, CSS urls and
// expressions) is dropped, so the message is safe to send and to preview inside the app.
// @ts-types="@types/sanitize-html"
import sanitizeHtml from "sanitize-html";

const TEXT_TAGS = ["p", "br", "hr", "span", "div", "center", "blockquote", "pre", "code", "small", "sup", "sub"];
const INLINE_TAGS = ["strong", "b", "em", "i", "u", "s"];
const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"];
const LISTS = ["ul", "ol", "li"];
const TABLES = ["table", "thead", "tbody", "tfoot", "tr", "td", "th", "caption", "colgroup", "col"];

const LAYOUT = ["align", "valign", "width", "height", "bgcolor"];

/** Properties a newsletter uses for layout and type; none of them can fetch anything or run script. */
const STYLE_PROPERTIES = [
  "color",
  "background-color",
  "font-family",
  "font-size",
  "font-style",
  "font-weight",
  "letter-spacing",
  "line-height",
  "text-align",
  "text-decoration",
  "text-transform",
  "vertical-align",
  "white-space",
  "width",
  "max-width",
  "min-width",
  "height",
  "display",
  "border-collapse",
  "border-spacing",
  ...["", "-top", "-right", "-bottom", "-left"].flatMap((side) => [`margin${side}`, `padding${side}`, `border${side}`]),
  "border-color",
  "border-style",
  "border-width",
  "border-radius",
];

// Words, numbers, colours, quoted font names and colour functions; no other parentheses (url(), expression(), var())
// and no backslashes, which CSS would read as escapes that spell those again.
const SAFE_STYLE_VALUE = /^(?:[-#\w\s.,%'"!/]|(?:rgba?|hsla?)\([\d\s.,%/]*\))*$/i;

const WEB = ["http:", "https:"];

/** Only absolute URLs on the schemes named: a relative link means nothing in a mailbox. */
function absoluteUrl(value: string | undefined, protocols: string[]): string | undefined {
  if (value === undefined) return undefined;
  try {
    return protocols.includes(new URL(value.trim()).protocol) ? value.trim() : undefined;
  } catch {
    return undefined;
  }
}

function keepUrl(attribute: "href" | "src", protocols: string[]): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const { [attribute]: url, ...rest } = attribs;
    const kept = absoluteUrl(url, protocols);
    return { tagName, attribs: kept === undefined ? rest : { ...rest, [attribute]: kept } };
  };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...TEXT_TAGS, ...INLINE_TAGS, ...HEADINGS, ...LISTS, ...TABLES, "a", "img"],
  allowedAttributes: {
    "*": ["style", "dir", "lang", "title"],
    a: ["href"],
    img: ["src", "alt", ...LAYOUT, "border"],
    table: [...LAYOUT, "border", "cellpadding", "cellspacing", "role"],
    td: [...LAYOUT, "colspan", "rowspan"],
    th: [...LAYOUT, "colspan", "rowspan", "scope"],
    tr: LAYOUT,
    col: LAYOUT,
    p: ["align"],
    div: ["align"],
    ...Object.fromEntries(HEADINGS.map((heading) => [heading, ["align"]])),
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: { "*": Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [SAFE_STYLE_VALUE]])) },
  transformTags: { a: keepUrl("href", [...WEB, "mailto:"]), img: keepUrl("src", WEB) },
  // The words inside a dropped frame or form stay; a script's or style sheet's body never shows as text.
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "title", "xml"],
};

/** The campaign's HTML with everything but ordinary email markup removed. */
export function sanitizeCampaignHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
