// Reads a rendered landing document as a crawler would, by parsing it (htmlparser2), for the renderer's unit tests and
// the seo-pages function's api tests alike.
import { type ChildNode, type Element, isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";

function elements(nodes: ChildNode[]): Element[] {
  return nodes.flatMap((node) => (isTag(node) ? [node, ...elements(node.children)] : []));
}

function textOf(node: ChildNode): string {
  if (isText(node)) return node.data;
  return isTag(node) ? node.children.map(textOf).join("") : "";
}

export interface ReadDocument {
  all: Element[];
  title: string | undefined;
  /** content of <meta name=…> or <meta property=…>. */
  meta(name: string): string | undefined;
  canonical: string | undefined;
  /** The parsed bodies of the scripts of that type. */
  scripts(type: string): unknown[];
  /** The text of the first element with that tag inside #root. */
  rootText(tag: string): string | undefined;
}

export function readDocument(html: string): ReadDocument {
  const all = elements(parseDocument(html).children);
  const root = all.find((element) => element.attribs.id === "root");
  const inRoot = root ? elements(root.children) : [];
  return {
    all,
    title: all.filter((element) => element.name === "title").map(textOf)[0],
    meta: (name) =>
      all.find((element) => element.name === "meta" && (element.attribs.name === name || element.attribs.property === name))
        ?.attribs.content,
    canonical: all.find((element) => element.name === "link" && element.attribs.rel === "canonical")?.attribs.href,
    scripts: (type) =>
      all.filter((element) => element.name === "script" && element.attribs.type === type).map((element) =>
        JSON.parse(textOf(element))
      ),
    rootText: (tag) => inRoot.filter((element) => element.name === tag).map(textOf)[0],
  };
}
