// The person behind an address on a page: the name, job title and phone written next to it. "Next to" means the
// same card: climbing from the element the address is in, each enclosing element is a candidate card as long as it
// holds no other address and stays short; a table row, list item, article or an element styled as a card/member/
// profile ends the climb. Where cards are not wrapped (a heading, a title line and the address as siblings), the
// siblings since the previous address or heading make the card. Inside a card, lines are read as a name or a title;
// among several names the one the mailbox spells wins ("Ann Lee" for ann.lee@), and a name the mailbox does not spell
// is only taken from a line of its own, never from prose, nor for a role mailbox (info@, sales@).
import { type Element, isComment, isTag, isText } from "domhandler";
import type { CountryCode } from "libphonenumber-js/max";
import { isRoleAccount } from "../../validation/index.ts";
import type { Address } from "./email-address.ts";
import { type EmailOccurrence, scanText } from "./find-emails.ts";
import { elements, type ParsedPage, parentElement } from "./page-text.ts";
import {
  jobTitle,
  nameMatchesMailbox,
  type NameInText,
  namesIn,
  personName,
  roleAfterName,
} from "./person-words.ts";
import { phoneFromTelLink, phonesInText } from "./phones.ts";

export interface Contact {
  name: string | null;
  position: string | null;
  phone: string | null;
}

export interface ContextOptions {
  country: CountryCode | undefined;
  /** Lower-cased names that are the organisation's, never a person's ("Acme Corp"). */
  organisationNames: ReadonlySet<string>;
}

/** A card holding more text than this is a page section, not one person's card. */
const MAX_CARD_TEXT = 700;
const MAX_SIBLINGS = 4;
/** Page regions, never one person's card: the climb stops below them. */
const CLIMB_LIMIT = new Set(["body", "html", "main", "header", "footer", "nav", "aside", "form"]);
const CARD_ELEMENTS = new Set(["tr", "li", "article", "address", "figure"]);
/**
 * A class naming a card: the card word ends it ("team-member", "profile-card"); "team-email" is a part of a card,
 * and so are BEM elements ("team-member__links").
 */
const CARD_CLASS =
  /^(?:[\w-]*[_-])?(?:card|member|person|people|team|staff|profile|vcard|h-card|employee|contact-(?:card|item|person))$/i;
/** Inline elements are never a card, whatever their class. */
const INLINE = new Set(["a", "span", "b", "strong", "i", "em", "small", "label", "img", "button"]);
const HEADING = /^h[1-6]$/;
const FIELD_LABEL = /^(?:e-?mail|phone|tel(?:ephone)?|mobile|cell|fax|direct|contact|t|m|e|f|p)\.?\s*:\s*/i;
const SEPARATORS = /\s*(?:[|•·–—,:()]|\s-\s)\s*/;
/**
 * Lines longer than this (or sentences of more than 7 words) are prose: a name is only believed there when the
 * mailbox spells it, and no title is read from them.
 */
const PROSE_WORDS = 12;

function isCard(element: Element): boolean {
  if (CARD_ELEMENTS.has(element.name)) return true;
  const { class: className = "", itemtype = "" } = element.attribs;
  const cardClass = !INLINE.has(element.name) &&
    className.split(/\s+/).some((token) => !token.includes("__") && CARD_CLASS.test(token));
  return cardClass || /schema\.org\/Person/i.test(itemtype);
}

interface Level {
  readonly start: number;
  readonly end: number;
  readonly roots: readonly Element[];
}

export function contactsOnPage(
  page: ParsedPage,
  occurrences: readonly EmailOccurrence[],
  options: ContextOptions,
): Contact[] {
  const addressesUnder = new Map<Element, Set<string>>();
  for (const { address, element } of occurrences) {
    for (let node: Element | null = element; node !== null; node = parentElement(node)) {
      const set = addressesUnder.get(node) ?? new Set<string>();
      set.add(address.email);
      addressesUnder.set(node, set);
    }
  }
  return occurrences.map((occurrence) => contactFor(page, occurrence, addressesUnder, options));
}

function contactFor(
  page: ParsedPage,
  { address, element }: EmailOccurrence,
  addressesUnder: ReadonlyMap<Element, ReadonlySet<string>>,
  options: ContextOptions,
): Contact {
  const row = tableRow(element);
  if (row !== null) {
    const fromColumns = readRowByHeader(page, row, options);
    if (fromColumns !== null) return fromColumns;
  }
  const levels = cardLevels(page, element, addressesUnder);
  const contact: Contact = { name: null, position: null, phone: null };
  for (const level of levels) {
    const lines = cardLines(page.text.text.slice(level.start, level.end));
    const name = findName(lines, address, options);
    contact.position ??= findTitle(lines, name, linkTexts(page, level), options);
    contact.phone ??= findPhone(page, level, options);
    if (name !== null) {
      contact.name = name;
      break;
    }
  }
  return contact;
}

function cardLevels(
  page: ParsedPage,
  start: Element,
  addressesUnder: ReadonlyMap<Element, ReadonlySet<string>>,
): Level[] {
  const levels: Level[] = [];
  let top: Element | null = null;
  for (let node: Element | null = start; node !== null && !CLIMB_LIMIT.has(node.name); node = parentElement(node)) {
    const span = page.text.spans.get(node);
    if ((addressesUnder.get(node)?.size ?? 0) > 1 || span === undefined) break;
    if (span[1] - span[0] > MAX_CARD_TEXT || isSectioned(node)) break;
    levels.push({ start: span[0], end: span[1], roots: [node] });
    top = node;
    if (isCard(node)) return levels;
  }
  if (top === null) return levels;
  const siblings = precedingSiblingCard(page, top, addressesUnder);
  if (siblings.length > 0) {
    levels.push({ start: page.text.spans.get(siblings[0]!)![0], end: levels.at(-1)!.end, roots: [...siblings, top] });
  }
  return levels;
}

/**
 * Two headings of the same level make an element a run of sections (an Impressum's "Angaben", "Kontakt",
 * "Registereintrag"; a footer's widgets), never one card: the card is the section the address is in. A card's own
 * headings differ in level (an h3 name over an h4 title).
 */
function isSectioned(element: Element): boolean {
  const levels = new Set<string>();
  for (const node of elements(element)) {
    if (node === element || !HEADING.test(node.name)) continue;
    if (levels.has(node.name)) return true;
    levels.add(node.name);
  }
  return false;
}

/**
 * The texts of the card's links to other pages (menu items, "Partner Portal"): a way somewhere, never a title. Links
 * that write to or call someone (mailto:, tel:) are the card's own words.
 */
function linkTexts(page: ParsedPage, level: Level): Set<string> {
  const texts = new Set<string>();
  for (const root of level.roots) {
    for (const element of elements(root)) {
      const href = element.attribs.href;
      if (element.name !== "a" || href === undefined || /^\s*(?:mailto|tel):/i.test(href)) continue;
      const text = page.text.textOf(element).replace(/\s+/g, " ").trim();
      if (text !== "") texts.add(text);
    }
  }
  return texts;
}

/** The element siblings before `element` that belong to its card: back to a heading, or to the previous address. */
function precedingSiblingCard(
  page: ParsedPage,
  element: Element,
  addressesUnder: ReadonlyMap<Element, ReadonlySet<string>>,
): Element[] {
  const card: Element[] = [];
  for (let node = element.prev; node !== null && card.length < MAX_SIBLINGS; node = node.prev) {
    if ((isText(node) && node.data.trim() === "") || isComment(node)) continue;
    if (!isTag(node)) break;
    const sibling = node;
    const span = page.text.spans.get(sibling);
    if (span === undefined) continue;
    if (addressesUnder.has(sibling) || span[1] - span[0] > MAX_CARD_TEXT / 2) break;
    card.unshift(sibling);
    if (HEADING.test(sibling.name)) break;
  }
  return card;
}

/**
 * A line that introduces the next one: it ends in a colon, or in who acts for whom ("Vertreten durch die
 * Geschäftsführerin", "Represented by", "Managed by our director"), the next line being that person.
 */
const INTRODUCES = /(?::|\b(?:by|durch|par)\b(?:\s+\S+){0,3})\s*$/i;

function introduces(line: string): boolean {
  return INTRODUCES.test(line) && !/:\s*\S/.test(line) && (/:\s*$/.test(line) || namesIn(line).length === 0);
}

/**
 * The card's lines, a line that introduces the next joined to it as a label: "Vertreten durch die
 * Geschäftsführerin(:)" and "Laura Schmidt" on two lines are one labelled line.
 */
function cardLines(text: string): string[] {
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    const previous = lines.at(-1);
    if (previous !== undefined && introduces(previous)) {
      lines[lines.length - 1] = `${previous.trimEnd().replace(/:?$/, ":")} ${line}`;
    } else lines.push(line);
  }
  return lines;
}

interface Fragment {
  readonly text: string;
  /** People named in it (none in a label). */
  readonly names: readonly NameInText[];
  /** The job title it reads as (never in prose). */
  readonly title: string | null;
  /** The fragment starts its line (a name on a line of its own, or "Name, Title"). */
  readonly ownLine: boolean;
  /** The line is a sentence, where any capitalised pair of words could pass for a name. */
  readonly prose: boolean;
  /** The fragment labels the rest of its line ("Press: Omar Haddad", "Geschäftsführerin: Anna Schäfer"). */
  readonly label: boolean;
}

/** Lines already cut into fragments, per page (the options object is made once per page). */
const fragmentCache = new WeakMap<ContextOptions, Map<string, Fragment[]>>();

/** Pieces of the card's lines that could be a name or a title: addresses, phones and field labels taken out. */
function fragments(line: string, options: ContextOptions): Fragment[] {
  let cache = fragmentCache.get(options);
  if (cache === undefined) fragmentCache.set(options, cache = new Map());
  let found = cache.get(line);
  if (found === undefined) cache.set(line, found = cutFragments(line, options));
  return found;
}

function cutFragments(line: string, options: ContextOptions): Fragment[] {
  let rest = line;
  for (const { offset, end } of scanText(line).reverse()) rest = rest.slice(0, offset) + rest.slice(end);
  for (const { start, end } of phonesInText(rest, options.country).reverse()) {
    rest = rest.slice(0, start) + rest.slice(end);
  }
  rest = rest.replace(FIELD_LABEL, "").replace(/https?:\/\/\S+/g, "").trim();
  // What is left with numbers in it is a postal address or a registration line ("Harbour House, 12 Dock Road").
  if (/\d{2}/.test(rest)) return [];
  const words = rest.split(/\s+/).length;
  const prose = words > PROSE_WORDS || (words > 7 && /[.!?]$/.test(rest));
  const labelled = !FIELD_LABEL.test(line.trim()) && /^[^:]{1,60}:\s*\S/.test(line.trim());
  const parts = rest.split(SEPARATORS).map((part) => part.replace(FIELD_LABEL, "").trim()).filter(Boolean);
  return parts.map((text, index) => {
    const label = labelled && index === 0;
    return {
      text,
      // "Anfragen zu Ersatzteilen: ersatzteile@": what labels an address is a subject, not its owner.
      names: label ? [] : namesIn(text),
      title: prose ? null : jobTitle(text),
      ownLine: index === 0,
      prose,
      label,
    };
  });
}

function findName(lines: string[], address: Address, options: ContextOptions): string | null {
  const candidates: { name: string; spelled: boolean; trusted: boolean }[] = [];
  for (const [index, line] of lines.entries()) {
    // The line over a street or postcode line heads a postal address: a company's or a branch's name ("Kessler
    // Holzbau Zweigniederlassung Titisee"), even where the mailbox spells a word of it (titisee@).
    if (isPostalLine(lines[index + 1] ?? "")) continue;
    for (const { names, ownLine, prose } of fragments(line, options)) {
      for (const { name, whole } of names) {
        if (options.organisationNames.has(name.toLowerCase())) continue;
        // Unless the mailbox spells it, a name is believed only as a line (or "Name, Title") of its own.
        const trusted = whole && ownLine && !prose;
        candidates.push({ name, spelled: nameMatchesMailbox(name, address.local), trusted });
      }
    }
  }
  const spelled = candidates.find((candidate) => candidate.spelled);
  if (spelled !== undefined) return spelled.name;
  if (isRoleAccount(address.local) || spellsSomeoneElse(address.local)) return null;
  return candidates.find((candidate) => candidate.trusted)?.name ?? null;
}

/** "Seestraße 9", "79822 Titisee-Neustadt", "14 Quay Street": a line of a postal address, not a phone's. */
function isPostalLine(line: string): boolean {
  const text = line.trim();
  return /^\d{1,5}\s+\p{L}|\p{L}\s+\d{1,5}[a-z]?$/u.test(text) && !FIELD_LABEL.test(text);
}

/** "bob.smith" names a person; if the card's names are not that person, the card is someone else's. */
function spellsSomeoneElse(local: string): boolean {
  return /^[a-z]{2,}[._-][a-z]{2,}$/i.test(local.split("+")[0]!);
}

/**
 * The first title of the card, preferring one written as such over a label ("Press:" before a name). A line that
 * names someone else ("Studio owner: Hannah Moore" in the card of classes@) gives that person's title, not ours; the
 * text of a link to another page is a menu item. Failing a title word, what is written right after the card's own
 * name ("Grace Holloway, Event Florist", or the line under it) is a title when it reads as one (see roleAfterName).
 */
function findTitle(
  lines: string[],
  ownName: string | null,
  links: ReadonlySet<string>,
  options: ContextOptions,
): string | null {
  let labelTitle: string | null = null;
  for (const line of lines) {
    const pieces = fragments(line, options);
    const names = pieces.flatMap((piece) => piece.names.map(({ name }) => name));
    if (names.length > 0 && !names.includes(ownName ?? "")) continue;
    for (const { text, title, label } of pieces) {
      if (title === null || links.has(text) || links.has(line.trim())) continue;
      if (!label) return title;
      labelTitle ??= title;
    }
  }
  return labelTitle ?? (ownName === null ? null : titleAfterName(lines, ownName, links, options));
}

/** The fragment after the own name on its line, or the next line's first, when it reads as a role. */
function titleAfterName(
  lines: string[],
  ownName: string,
  links: ReadonlySet<string>,
  options: ContextOptions,
): string | null {
  const pieces = lines.map((line) => fragments(line, options));
  for (const [index, line] of pieces.entries()) {
    const isOwnName = ({ names, label }: Fragment) =>
      !label && names.some(({ name, whole }) => whole && name === ownName);
    const at = line.findIndex(isOwnName);
    if (at < 0) continue;
    // The next fragment on the name's line ("Name, Role"), else the first of the next line with any.
    const next = line[at + 1] ?? pieces.slice(index + 1).find((following) => following.length > 0)?.[0];
    if (next === undefined || next.prose || next.label || links.has(next.text)) return null;
    if (options.organisationNames.has(next.text.toLowerCase())) return null;
    // "Event Florist" also reads as a name; "Tom Baker" is one: where it could be a name, only a sure role ending.
    return roleAfterName(next.text, { couldBeName: next.names.length > 0 });
  }
  return null;
}

function findPhone(page: ParsedPage, level: Level, options: ContextOptions): string | null {
  for (const root of level.roots) {
    for (const element of elements(root)) {
      const href = element.attribs.href;
      if (href !== undefined && /^\s*tel:/i.test(href)) {
        const phone = phoneFromTelLink(href, options.country);
        if (phone !== null) return phone;
      }
    }
  }
  const text = page.text.text.slice(level.start, level.end);
  const phone = phonesInText(text, options.country).find(({ start }) => !/fax\W{0,3}$/i.test(text.slice(0, start)));
  return phone?.phone ?? null;
}

/** The table row the address is in (a few levels up at most: a cell, a link, a span). */
function tableRow(element: Element): Element | null {
  for (let node: Element | null = element, depth = 0; node !== null && depth < 6; node = parentElement(node), depth++) {
    if (node.name === "tr") return node;
    if (node.name === "table") return null;
  }
  return null;
}

type Column = "name" | "first" | "last" | "title" | "department" | "phone" | "other";

function columnOf(label: string): Column {
  const value = label.toLowerCase();
  if (/first|given|vorname|prénom/.test(value)) return "first";
  if (/last|surname|family|nachname/.test(value)) return "last";
  if (/name|person|employee|staff|contact/.test(value) && !/e-?mail/.test(value)) return "name";
  if (/title|position|role|job|function|designation|funktion/.test(value)) return "title";
  if (/department|team|division|abteilung/.test(value)) return "department";
  if (/phone|tel|mobile|direct|ext/.test(value)) return "phone";
  return "other";
}

function cells(row: Element): Element[] {
  const out: Element[] = [];
  for (const child of row.children) {
    if (!isTag(child) || (child.name !== "td" && child.name !== "th")) continue;
    // A cell spanning columns stands in each of them, so the row's cells line up with the header's.
    const span = Math.min(Math.max(Number.parseInt(child.attribs.colspan ?? "1", 10) || 1, 1), 20);
    for (let index = 0; index < span; index++) out.push(child);
  }
  return out;
}

/** The table's first row when it is made of <th> cells (and is not the row asked about). */
function headerRow(row: Element): Element | null {
  let table: Element | null = parentElement(row);
  while (table !== null && table.name !== "table") table = parentElement(table);
  if (table === null) return null;
  for (const element of elements(table)) {
    if (element.name !== "tr") continue;
    return cells(element).some((cell) => cell.name === "th") && element !== row ? element : null;
  }
  return null;
}

/** A staff table: the name, title and phone from the columns its header names; null for a table without one. */
function readRowByHeader(page: ParsedPage, row: Element, options: ContextOptions): Contact | null {
  const header = headerRow(row);
  if (header === null) return null;
  const columns = cells(header).map((cell) => columnOf(page.text.textOf(cell)));
  if (!columns.some((column) => column === "name" || column === "first" || column === "title")) return null;
  const values = new Map<Column, string>();
  let phone: string | null = null;
  cells(row).forEach((cell, index) => {
    const column = columns[index] ?? "other";
    const value = page.text.textOf(cell).replace(/\s+/g, " ").trim();
    if (value !== "" && !values.has(column)) values.set(column, value);
    if (column === "phone" && phone === null) {
      phone = findPhone(page, { ...spanOf(page, cell), roots: [cell] }, options);
    }
  });
  const written = values.get("name") ?? [values.get("first"), values.get("last")].filter(Boolean).join(" ");
  const name = personName(written);
  const title = values.get("title") ?? values.get("department") ?? null;
  return {
    name: name !== null && !options.organisationNames.has(name.toLowerCase()) ? name : null,
    position: title !== null && title.length <= 70 && !title.includes("@") ? title : null,
    phone,
  };
}

function spanOf(page: ParsedPage, element: Element): { start: number; end: number } {
  const [start, end] = page.text.spans.get(element) ?? [0, 0];
  return { start, end };
}
