// The payload of a Supabase Auth access token. Only read after Auth itself has accepted the token (see
// verify-access-token.ts): this module decodes, it does not verify signatures.
import { z } from "zod";

/** GoTrue's claims; the rest (email, app_metadata, aal, ...) is kept so auth.jwt() in SQL sees the whole token. */
export const accessTokenClaimsSchema = z.looseObject({
  sub: z.uuid(),
  role: z.string(),
  exp: z.number(),
  session_id: z.string().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export function decodeAccessTokenClaims(jwt: string): AccessTokenClaims {
  const [, payload] = jwt.split(".");
  if (!payload) throw new Error("Access token is not a JWT");
  const json = new TextDecoder().decode(decodeBase64Url(payload));
  return accessTokenClaimsSchema.parse(JSON.parse(json));
}

function decodeBase64Url(text: string): Uint8Array {
  const base64 = text.replaceAll("-", "+").replaceAll("_", "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}
