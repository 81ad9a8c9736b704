// The fuzz layer's requests: a plain, printable description (what fast-check generates and shrinks, and what a
// failure prints as its reproduction), and the raw garbage no schema describes. Sending them is send.ts's.
import fc from "fast-check";
import { nastyString } from "./zod-arbitrary.ts";

/** Who a request claims to be. Real tokens are looked up when sending, so a reproduction prints a name, not a token. */
export const CALLERS = [
  "anonymous",
  "anon-key",
  "service-role-key",
  "user",
  "other-user",
  "expired-token",
  "unknown-user-token",
  "unsigned-token",
  "tampered-token",
  "garbage-token",
  "huge-token",
  "api-key",
  "revoked-api-key",
] as const;
export type Caller = (typeof CALLERS)[number];

export interface FuzzRequest {
  method: string;
  /** From /api on, query included, sent as written (percent-escapes and all). */
  path: string;
  caller: Caller;
  headers: Record<string, string>;
  /** JSON text, other text, or raw bytes (invalid UTF-8 among them). */
  body?: string | number[];
}

/** Authorization header values per caller; "anonymous" sends none. */
export type Credentials = Record<Exclude<Caller, "anonymous">, string>;

/** Path segments that trip parsers: encoded NUL, invalid escapes, invalid UTF-8, overflowing numbers, traversal. */
export const nastySegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "%00",
    "1%00",
    "%ZZ",
    "%",
    "%C0%AF",
    "%ED%A0%80",
    "%FF%FE",
    "..",
    "%2e%2e",
    "%2F",
    "-1",
    "0",
    "1.5",
    "1e3",
    "0x10",
    "99999999999999999999",
    "9223372036854775808",
    "2147483648",
    "NaN",
    "Infinity",
    "%20",
    "null",
    "%F0%9F%92%A9",
    "a".repeat(5000),
  ),
  fc.string({ maxLength: 30 }).map(percentEncode),
  nastyString.filter((text) => text.length < 200).map(percentEncode),
);

/** Percent-encodes text as UTF-8 would, a lone surrogate included (as the bytes it would have: invalid UTF-8). */
export function percentEncode(text: string): string {
  return Array.from(text, (character) => {
    const code = character.codePointAt(0)!;
    if (code < 0xd800 || code > 0xdfff) return encodeURIComponent(character);
    return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
      .map((byte) => `%${byte.toString(16).toUpperCase()}`)
      .join("");
  }).join("");
}

/** Header text a client can send at all: visible ASCII, space and Latin-1 (fetch refuses DEL and the C1 controls). */
const headerText = fc.string({
  unit: fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff })).map((code) =>
    String.fromCharCode(code)
  ),
});

/**
 * The whole header section a request may have here: 16 kB, the size up to which a server must answer (the gateway
 * answers 431 beyond it, which the request-limit tests cover). The longest Authorization header (huge-token) is
 * counted in full, whoever the caller is.
 */
const HEADER_SECTION_BUDGET = 16_000;
const AUTHORIZATION_ALLOWANCE = 6_100;

/** Cuts the padding header so that the request line and headers stay within HEADER_SECTION_BUDGET. */
export function withinHeaderBudget(request: FuzzRequest): FuzzRequest {
  const padding = request.headers["x-fuzz-padding"];
  if (padding === undefined) return request;
  const { "x-fuzz-padding": _, ...others } = request.headers;
  const used = request.method.length + request.path.length + AUTHORIZATION_ALLOWANCE +
    Object.entries(others).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  const room = HEADER_SECTION_BUDGET - used - "x-fuzz-padding: \r\n".length;
  return room > 0 ? { ...request, headers: { ...others, "x-fuzz-padding": padding.slice(0, room) } } : { ...request, headers: others };
}

/** Extra headers: session ids real and false, spoofed client addresses, odd user agents, up to 16 kB of padding. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    "x-session-id": fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{21}$/),
      headerText.filter((text) => text.length < 100),
      fc.constantFrom("", " ", "x".repeat(21) + " "),
    ),
    "x-forwarded-for": fc.oneof(
      fc.ipV4(),
      fc.ipV6(),
      fc.constantFrom("", "unknown", "999.1.1.1", "1.1.1.1, 2.2.2.2", "::ffff:127.0.0.1", "127.0.0.1:80", "[::1]"),
      headerText.filter((text) => text.length < 100),
    ),
    "user-agent": fc.oneof(headerText, fc.constant("x".repeat(5000))),
    "accept": fc.constantFrom("*/*", "text/html", "application/xml", "", "application/json;q=0"),
    "x-fuzz-padding": fc.integer({ min: 1, max: 16_000 }).map((length) => "p".repeat(length)),
  },
  { requiredKeys: [] },
);

export const contentTypes: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant("application/json"), weight: 8 },
  fc.constantFrom(
    undefined,
    "",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/json; charset=utf-16",
    "application/json; charset=nonsense",
    "APPLICATION/JSON",
    "application/problem+json",
    "application/json\t;",
    "image/png",
  ),
);

/** Bodies no schema describes: broken JSON, the wrong JSON type, deep nesting, escaped NUL and lone surrogates, bytes. */
export const garbageBody: fc.Arbitrary<string | number[]> = fc.oneof(
  fc.constantFrom(
    "",
    "{",
    "}",
    '{"a":',
    "[1,2",
    "nul",
    "{}}",
    "\u0000",
    "null",
    "true",
    "123",
    '"text"',
    "[]",
    "[{}]",
    "1e999",
    "-0",
    '{"email":"\\ud800"}',
    '{"email":"a\\u0000b@example.com"}',
    '{"username":"\\u0000","password":"\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000"}',
    '{"__proto__":{"isAdmin":true}}',
    '{"a":1,"a":2}',
    "\ufeff{}",
    "[".repeat(10_000) + "]".repeat(10_000),
    '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000),
    `{"rows":[${Array(3000).fill('{"email":"x@example.com"}').join(",")}]}`,
    `{"notes":"${"n".repeat(2_000_000)}"}`,
  ),
  fc.string({ maxLength: 60 }),
  fc.json({ maxDepth: 3 }),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Array.from(bytes)),
  fc.constantFrom<number[]>([0xff, 0xfe, 0x7b, 0x00, 0x7d], [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
);

/** Methods a route does not expect, and some no route has. (fetch refuses CONNECT, TRACE and TRACK outright.) */
export const oddMethods = fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "FOO");

/** Paths inside and around /api: unknown, doubled slashes, escapes, very long, the function's own URL. */
export const oddPaths: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "/api",
    "/api/",
    "/api//contacts",
    "/api/contacts/",
    "/api/contacts//1",
    "/api/contacts/1/2",
    "/api/contact-lists/1/extra",
    "/api/%00",
    "/api/contacts%00",
    "/api/contacts?%",
    "/api/contacts?q=%ED%A0%80",
    "/api/contacts?q=%00&limit=1e400&offset=-0",
    "/api/contacts?listId=99999999999999999999",
    "/api/contacts?q=a&q=b&limit=1&limit=2",
    "/api/contacts?" + "q=".repeat(2000),
    "/api/auth",
    "/api/auth/",
    "/api/anonymous/check-limits/",
    "/api/anonymous/generate-discount/",
    "/api/admin/system-popups/",
    "/api/admin/system-popups/%00",
    "/api/admin/system-popups/%ED%A0%80",
    "/api/" + "a".repeat(4000),
    "/api/contacts/" + "9".repeat(3000),
    "/functions/v1/api/contacts",
    "/functions/v1/api/%00",
    "/functions/v1/",
    "/functions/v1/api",
    "/api/..%2f..%2fetc%2fpasswd",
    "/api/integrations",
    "/api/integrations/",
    "/api/integrations/%00",
    "/api/integrations/validate-email?api_key=msk_x&key=%00",
    "/functions/v1/api/integrations/openapi.json",
  ),
  fc.tuple(
    fc.constantFrom("/api/", "/api/contacts/", "/api/contact-lists/", "/api/anonymous/", "/api/integrations/", "/functions/v1/api/"),
    nastySegment,
  ).map(([prefix, segment]) => prefix + segment),
);
