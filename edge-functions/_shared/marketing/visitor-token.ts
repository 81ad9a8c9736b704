// The visitor token on a click link (?v=): who clicked and on which page, signed, so the click redirect can attribute
// the click without headers (a link opened in a new tab, from a push or from another device carries none). HMAC-SHA-256
// under a key derived from WORKER_SECRET (../hmac-key.ts). A token that fails the check is ignored, not refused: the
// click still goes where the campaign leads, only unattributed.
import { z } from "zod";
import { fromBase64Url, toBase64Url } from "../base64url.ts";
import { hmacKeyFromSecret } from "../hmac-key.ts";

/** A click link lives in a notification inbox for long; past this it still redirects, unattributed. */
export const VISITOR_TOKEN_DAYS = 90;

export interface TokenVisitor {
  userId: string | null;
  sessionId: string | null;
  page: string | null;
}

const payloadSchema = z.object({
  u: z.string().nullable(),
  s: z.string().nullable(),
  p: z.string().nullable(),
  /** Expiry, seconds since the epoch. */
  e: z.number().int(),
});

const encoder = new TextEncoder();
const signingKey = (secret: string) => hmacKeyFromSecret(secret, "campaign visitor token");

export async function signVisitorToken(visitor: TokenVisitor, secret: string, now = Date.now()): Promise<string> {
  const payload = { u: visitor.userId, s: visitor.sessionId, p: visitor.page, e: Math.floor(now / 1000) + VISITOR_TOKEN_DAYS * 86400 };
  const body = toBase64Url(encoder.encode(JSON.stringify(payload)));
  const signature = await crypto.subtle.sign("HMAC", await signingKey(secret), encoder.encode(body));
  return `${body}.${toBase64Url(new Uint8Array(signature))}`;
}

/** The visitor the token names, or null when it is missing, altered, signed with another key or expired. */
export async function readVisitorToken(token: string | undefined, secret: string, now = Date.now()): Promise<TokenVisitor | null> {
  const [body, signature, extra] = token?.split(".") ?? [];
  if (!body || !signature || extra !== undefined) return null;
  try {
    const valid = await crypto.subtle.verify(
      "HMAC",
      await signingKey(secret),
      fromBase64Url(signature),
      encoder.encode(body),
    );
    if (!valid) return null;
    const payload = payloadSchema.safeParse(JSON.parse(new TextDecoder().decode(fromBase64Url(body))));
    if (!payload.success || payload.data.e * 1000 < now) return null;
    return { userId: payload.data.u, sessionId: payload.data.s, page: payload.data.p };
  } catch {
    return null;
  }
}
