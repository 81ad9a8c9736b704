// What a person sees of a page, as one string: the text of every rendered element in document order, a newline
// wherever a block (paragraph, cell, list item, heading, <br>) starts or ends, runs of white space collapsed. Each
// element's span in that string is recorded, so "the text of this card" or "the element this address was written in"
// costs a lookup, not a second walk. Scripts, styles, templates and hidden elements are left out: an address a visitor
// can't see (a honeypot, a "display:none" decoy inserted to break scrapers) is not one the site publishes.
import { type AnyNode, type Document, type Element, hasChildren, isDocument, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";

/** Elements whose content is never rendered as text. */
const NOT_RENDERED = new Set([
  "head",
  "script",
  "style",
  "noscript",
  "template",
  "svg",
  "math",
  "iframe",
  "object",
  "embed",
  "canvas",
  "select",
  "textarea",
  "button",
]);

/** Elements that start a new line when rendered. */
const BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "html",
  "legend",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);

const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

function isHidden(element: Element): boolean {
  const { hidden, style, type } = element.attribs;
  if (hidden !== undefined) return true;
  if (element.name === "input" && type === "hidden") return true;
  return style !== undefined && HIDDEN_STYLE.test(style);
}

export interface PageText {
  readonly text: string;
  /** Span [start, end) of each rendered element in `text`. */
  readonly spans: ReadonlyMap<Element, readonly [number, number]>;
  /** The innermost rendered element around `offset` (the parent of the text node it falls in). */
  elementAt(offset: number): Element | null;
  /** The rendered text of an element; "" for one not rendered. */
  textOf(element: Element): string;
}

export interface ParsedPage {
  readonly document: Document;
  /** Every element in document order, rendered or not: read many times per page, walked once. */
  readonly elements: readonly Element[];
  readonly text: PageText;
}

export function parsePage(html: string): ParsedPage {
  const document = parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true });
  return { document, elements: [...elements(document)], text: renderText(document) };
}

function renderText(document: Document): PageText {
  // Built as pieces with a running length: re-reading or trimming the string at every block would copy it each
  // time, quadratic on a 2 MB page.
  const pieces: string[] = [];
  let length = 0;
  let lastChar = "";
  /** White space seen at the end of the previous text: written only if more text follows on the same line. */
  let pendingSpace = false;
  const spans = new Map<Element, readonly [number, number]>();
  /** Start offset of each text run and the element it was written in, in ascending order. */
  const runStarts: number[] = [];
  const runElements: Element[] = [];

  const write = (piece: string) => {
    pieces.push(piece);
    length += piece.length;
    lastChar = piece.at(-1)!;
  };
  const breakLine = () => {
    pendingSpace = false;
    if (lastChar !== "" && lastChar !== "\n") write("\n");
  };

  const visit = (node: AnyNode, parent: Element | null) => {
    if (isText(node)) {
      if (parent === null) return;
      const collapsed = node.data.replace(/\s+/g, " ");
      const core = collapsed.trim();
      const midLine = lastChar !== "" && lastChar !== "\n";
      if (core === "") {
        if (collapsed !== "" && midLine) pendingSpace = true;
        return;
      }
      if ((pendingSpace || collapsed.startsWith(" ")) && midLine) write(" ");
      pendingSpace = collapsed.endsWith(" ");
      runStarts.push(length);
      runElements.push(parent);
      write(core);
      return;
    }
    if (isTag(node)) {
      const element = node;
      if (NOT_RENDERED.has(element.name) || isHidden(element)) return;
      if (element.name === "br") {
        pendingSpace = false;
        write("\n");
        return;
      }
      const block = BLOCKS.has(element.name);
      if (block) breakLine();
      const start = length;
      for (const child of element.children) visit(child, element);
      if (block) breakLine();
      spans.set(element, [start, length]);
      return;
    }
    if (isDocument(node)) for (const child of node.children) visit(child, null);
  };
  visit(document, null);
  const text = pieces.join("");

  return {
    text,
    spans,
    elementAt(offset) {
      let low = 0;
      let high = runStarts.length - 1;
      let found = -1;
      while (low <= high) {
        const middle = (low + high) >> 1;
        if (runStarts[middle]! <= offset) {
          found = middle;
          low = middle + 1;
        } else high = middle - 1;
      }
      return found < 0 ? null : runElements[found]!;
    },
    textOf(element) {
      const span = spans.get(element);
      return span === undefined ? "" : text.slice(span[0], span[1]);
    },
  };
}

/** Every element below `root` in document order (rendered or not). */
export function* elements(root: AnyNode): Generator<Element> {
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isTag(node)) yield node;
    if (hasChildren(node)) {
      for (let index = node.children.length - 1; index >= 0; index--) stack.push(node.children[index]!);
    }
  }
}

/** The text inside an element including non-rendered content (script bodies, JSON-LD). */
export function rawText(element: Element): string {
  let out = "";
  for (const child of element.children) {
    if (isText(child)) out += child.data;
    else if (isTag(child)) out += rawText(child);
  }
  return out;
}

export function parentElement(node: AnyNode): Element | null {
  const parent = node.parent;
  return parent !== null && isTag(parent) ? parent : null;
}
