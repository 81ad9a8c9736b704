// fast-check arbitraries derived from the contract's zod schemas, so the fuzz layer follows the API as it changes:
// a new field or rule in edge-functions/_shared/contracts is fuzzed without touching this folder. zod-fast-check
// supports zod 3 only and the contracts are zod 4, hence this small walker over zod 4's schema definitions.
//
// Two modes. Plain values mostly pass the schema, so requests get past validation and reach the domain code and the
// database. Mutated values break the schema on purpose at any depth: a wrong type, a missing or extra field, text
// PostgreSQL cannot store (NUL), lone surrogates, unusual Unicode, huge strings.
import fc from "fast-check";
import type { z } from "zod";

export interface ArbitraryOptions {
  /** Break the schema here and there, at every depth. */
  mutate: boolean;
  /** Arrays are cut to this many elements (the import takes 1,000 rows; the fuzz needs variety, not volume). */
  maxArrayLength?: number;
}

/** The parts of zod 4's internal definition this walker reads (schema._zod.def). */
interface Definition {
  type: string;
  checks?: { _zod: { def: CheckDefinition } }[];
  format?: string;
  pattern?: RegExp;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
}

interface CheckDefinition {
  check: string;
  format?: string;
  pattern?: RegExp;
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number | bigint;
  inclusive?: boolean;
}

function definitionOf(schema: z.ZodType): Definition {
  return (schema as unknown as { _zod: { def: Definition } })._zod.def;
}

function checksOf(definition: Definition): CheckDefinition[] {
  return (definition.checks ?? []).map((check) => check._zod.def);
}

/** Code points that make text interesting to a server: PostgreSQL refuses NUL; JSON carries lone surrogates. */
const NASTY_TEXT = [
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\udbffy",
  "\ufeff",
  "\u202eevil",
  "zero\u200bwidth",
  "%00",
  "\\u0000",
  "' or '1'='1",
  "'); drop table contacts; --",
  "<script>alert(1)</script>",
  "../../../etc/passwd",
  "${7*7}{{7*7}}",
  "\r\n\r\n",
  "💩",
  "Z\u0364\u0351\u0367\u0311\u0313a\u0308\u0356\u032dl",
  "null",
  "NaN",
  "-0",
  "1e309",
  " ",
  "\t\n",
  "\u00a0",
  "ǅ",
  "İ",
  "ﬃ",
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Text that breaks assumptions: NUL bytes, lone surrogates, control characters, any code point, very long text. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY_TEXT),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.oneof(fc.constantFrom("\u0000", "\u0001", "\u001f", "\u007f"), loneSurrogate, fc.string({ minLength: 1, maxLength: 1 })) }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc
    .tuple(fc.constantFrom("a", "é", "💩", "\u0000", " "), fc.integer({ min: 300, max: 100_000 }))
    .map(([text, times]) => text.repeat(times)),
);

/** A value of any other JSON type than the schema asks for (the server sees JSON, so this is what can arrive). */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 0.1, -1, 0),
  fc.string({ maxLength: 10 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);

/** Keys a handler must not trust when they arrive unasked. */
const EXTRA_KEYS = ["__proto__", "constructor", "prototype", "id", "userId", "user_id", "isAdmin", "is_admin", "role"];

/** Characters PostgreSQL cannot store (NUL) or UTF-8 cannot encode (lone surrogates), and other control characters. */
const taint = fc.constantFrom("\u0000", "\ud800", "\udfff", "\u0000\u0000", "\u0001", "\u001b", "\u007f", "\ufffe");

/** A valid string with a tainted character somewhere in it; other values pass unchanged. */
function tainted(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, taint, fc.nat()).map(([value, character, at]) => {
    if (typeof value !== "string") return value;
    const index = at % (value.length + 1);
    return value.slice(0, index) + character + value.slice(index);
  });
}

export function arbitraryOf(schema: z.ZodType, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const valid = plainArbitrary(schema, options);
  if (!options.mutate) return valid;
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    // Valid but for one character: gets past the shape checks and reaches the database with it.
    { arbitrary: tainted(plainArbitrary(schema, { ...options, mutate: false })), weight: 4 },
    { arbitrary: wrongType, weight: 1 },
    { arbitrary: nastyString, weight: 1 },
  );
}

function plainArbitrary(schema: z.ZodType, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case "string":
      return stringArbitrary(definition);
    case "number":
      return numberArbitrary(definition);
    case "boolean":
      return definition.coerce ? fc.constantFrom("true", "false", "1", "0") : fc.boolean();
    case "literal":
      return fc.constantFrom(...(definition.values ?? [null]));
    case "enum":
      return fc.constantFrom(...Object.values(definition.entries ?? {}));
    case "object":
      return objectArbitrary(definition.shape ?? {}, options);
    case "array":
      return arrayArbitrary(definition, options);
    case "optional":
    case "default":
    case "prefault":
      // Absent is handled by the object (an optional key may be left out); here the value is present.
      return arbitraryOf(definition.innerType!, options);
    case "nullable":
      return fc.oneof({ arbitrary: arbitraryOf(definition.innerType!, options), weight: 4 }, fc.constant(null));
    case "readonly":
    case "catch":
    case "nonoptional":
      return plainArbitrary(definition.innerType!, options);
    case "pipe":
      return pipeArbitrary(definition, options);
    case "union":
      return fc.oneof(...(definition.options ?? []).map((option) => arbitraryOf(option, options)));
    case "transform":
      // What a transform accepts is opaque: any text, which is what such fields take over JSON here.
      return interestingString(0, 200);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A pipe takes its input's shape; when its output is a known format (email, URL), that format is what passes. */
function pipeArbitrary(definition: Definition, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const input = plainArbitrary(definition.in!, options);
  const output = definitionOf(definition.out!);
  const unwrapped = output.type === "nullable" || output.type === "optional" ? definitionOf(output.innerType!) : output;
  if (unwrapped.type === "string" && unwrapped.format) {
    return fc.oneof({ arbitrary: stringArbitrary(unwrapped), weight: 6 }, input);
  }
  return input;
}

function objectArbitrary(shape: Record<string, z.ZodType>, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  const fields = Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, arbitraryOf(field, options)]));
  const requiredKeys = Object.keys(shape).filter((key) => !canBeAbsent(shape[key]!));
  const complete = fc.record(fields, { requiredKeys });
  if (!options.mutate) return complete;
  // One field broken and the others valid: the request passes every check but one, so the broken value goes as deep
  // as the API lets it.
  const validFields = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, arbitraryOf(field, { ...options, mutate: false })]),
  );
  const validObject = fc.record(validFields, { requiredKeys });
  const oneBroken = Object.keys(shape).map((key) =>
    fc.tuple(validObject, fields[key]!).map(([object, value]) => ({ ...object, [key]: value }))
  );
  // Missing required fields, and fields nobody asked for.
  const missing = fc.record(fields, { requiredKeys: [] });
  const extras = fc.dictionary(
    fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
    fc.jsonValue({ maxDepth: 2 }),
    { minKeys: 1, maxKeys: 3 },
  );
  return fc.oneof(
    { arbitrary: complete, weight: 2 },
    { arbitrary: fc.oneof(...oneBroken), weight: 3 },
    { arbitrary: missing, weight: 1 },
    { arbitrary: fc.tuple(complete, extras).map(([object, extra]) => ({ ...extra, ...object })), weight: 1 },
  );
}

function canBeAbsent(schema: z.ZodType): boolean {
  const { type } = definitionOf(schema);
  return type === "optional" || type === "default" || type === "prefault";
}

function arrayArbitrary(definition: Definition, options: ArbitraryOptions): fc.Arbitrary<unknown> {
  let minLength = 0;
  let maxLength = options.maxArrayLength ?? 5;
  for (const check of checksOf(definition)) {
    if (check.check === "min_length") minLength = check.minimum ?? minLength;
    if (check.check === "max_length") maxLength = Math.min(maxLength, check.maximum ?? maxLength);
  }
  const element = arbitraryOf(definition.element!, options);
  const valid = fc.array(element, { minLength, maxLength: Math.max(minLength, maxLength) });
  if (!options.mutate) return valid;
  return fc.oneof({ arbitrary: valid, weight: 5 }, fc.constant([]));
}

function stringArbitrary(definition: Definition): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 300;
  const patterns: RegExp[] = [];
  const formats = [definition.format, ...checksOf(definition).map((check) => check.format)];
  for (const check of checksOf(definition)) {
    if (check.check === "min_length") minLength = Math.max(minLength, check.minimum ?? 0);
    if (check.check === "max_length") maxLength = Math.min(maxLength, check.maximum ?? maxLength);
    if (check.check === "length_equals") minLength = maxLength = check.length ?? minLength;
    if (check.check === "string_format" && check.format === "regex" && check.pattern) patterns.push(check.pattern);
  }
  // A format zod checks with a pattern (email) comes first: generated from it, the text is what the format accepts.
  if (definition.format && definition.pattern) patterns.unshift(definition.pattern);
  const shapes: fc.Arbitrary<string>[] = [];
  const matching = patterns.length ? matchingString(patterns[0]!) : null;
  if (matching) {
    // Further patterns (a stricter rule on top of the format) filter what the first one makes.
    const rest = patterns.slice(1);
    shapes.push(matching.filter((text) => text.length <= maxLength && rest.every((pattern) => pattern.test(text))));
  } else if (formats.includes("email")) shapes.push(fc.emailAddress());
  if (formats.includes("url")) shapes.push(fc.webUrl());
  if (formats.includes("uuid") || formats.includes("guid")) shapes.push(fc.uuid());
  if (formats.includes("datetime")) shapes.push(fc.date({ noInvalidDate: true }).map((date) => date.toISOString()));
  if (shapes.length > 0) return fc.oneof({ arbitrary: fc.oneof(...shapes), weight: 8 }, interestingString(minLength, maxLength));
  return interestingString(minLength, maxLength);
}

/** Text within the lengths, often shaped like what fields of this API hold (domains, addresses, URLs). */
function interestingString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const max = Math.max(minLength, maxLength);
  const fits = (text: string) => text.length >= minLength && text.length <= max;
  return fc.oneof(
    fc.string({ minLength, maxLength: max }),
    fc.string({ unit: "grapheme", minLength, maxLength: Math.min(max, 60) }).filter(fits),
    fc.domain().filter(fits),
    fc.emailAddress().filter(fits),
  );
}

function matchingString(pattern: RegExp): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(pattern);
  } catch {
    // A pattern fast-check cannot read (some Unicode property classes): plain strings only.
    return null;
  }
}

function numberArbitrary(definition: Definition): fc.Arbitrary<unknown> {
  let min = -(2 ** 31);
  let max = 2 ** 31;
  const checks = checksOf(definition);
  const integer = checks.some((check) => check.check === "number_format" && /int/.test(check.format ?? ""));
  for (const check of checks) {
    if (check.check === "greater_than") min = Number(check.value) + (check.inclusive ? 0 : integer ? 1 : 1e-9);
    if (check.check === "less_than") max = Number(check.value) - (check.inclusive ? 0 : integer ? 1 : 1e-9);
  }
  // Ids and counts: small values are the ones that exist.
  const numbers = integer
    ? fc.oneof(
      fc.integer({ min: Math.ceil(min), max: Math.floor(Math.min(max, min + 50)) }),
      fc.integer({ min: Math.ceil(min), max: Math.floor(max) }),
    )
    : fc.double({ min, max, noNaN: true });
  return definition.coerce ? numbers.map(String) : numbers;
}
