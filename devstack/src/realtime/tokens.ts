// The JWT checks Realtime makes on the socket's apikey, a channel's access_token and the REST API's bearer
// (realtime lib/realtime_web/channels/auth/channels_authorization.ex, jwt_verification.ex): signed with the project's
// secret (HS256/384/512), not expired, and carrying role and exp. Failures keep Realtime's wording, since clients
// show it.
import { decodeProtectedHeader, errors as joseErrors, jwtVerify } from "jose";
import { z } from "zod";

export type Claims = z.infer<typeof claimsSchema>;

export type TokenFailure =
  | { reason: "missing_api_key" }
  | { reason: "token_malformed" }
  | { reason: "signature_error" }
  | { reason: "expired_token"; secondsAgo: number }
  | { reason: "missing_claims" };

export type TokenCheck = { ok: true; claims: Claims } | ({ ok: false } & TokenFailure);

const claimsSchema = z.looseObject({
  role: z.string(),
  exp: z.number(),
  sub: z.string().optional(),
});

const HS_ALGORITHMS = ["HS256", "HS384", "HS512"];

export async function checkToken(token: unknown, secret: Uint8Array, now = Date.now()): Promise<TokenCheck> {
  if (typeof token !== "string") return { ok: false, reason: "missing_api_key" };
  // Realtime strips whitespace a copied token may carry.
  const cleaned = token.replace(/\s/g, "");
  try {
    if (!HS_ALGORITHMS.includes(decodeProtectedHeader(cleaned).alg ?? "")) return { ok: false, reason: "signature_error" };
  } catch {
    return { ok: false, reason: "token_malformed" };
  }
  const nowSeconds = Math.floor(now / 1000);
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(cleaned, secret, { algorithms: HS_ALGORITHMS, currentDate: new Date(now) }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      return { ok: false, reason: "expired_token", secondsAgo: nowSeconds - Number(error.payload.exp) };
    }
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) return { ok: false, reason: "signature_error" };
    return { ok: false, reason: "token_malformed" };
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return { ok: false, reason: "missing_claims" };
  return { ok: true, claims: claims.data };
}

/** What a channel reports (in its join error or its closing system message) for a failed token. */
export function tokenFailureMessage(failure: TokenFailure): string {
  switch (failure.reason) {
    case "missing_api_key":
      return "API key is missing";
    case "token_malformed":
      return "The token provided is not a valid JWT";
    case "signature_error":
      return "Failed to validate JWT signature";
    case "expired_token":
      return `Token has expired ${failure.secondsAgo} seconds ago`;
    case "missing_claims":
      return "Fields `role` and `exp` are required in JWT";
  }
}

/** A join refused for its token: the reason realtime_channel.ex logs and replies, its log code first. */
export function joinRefusal(failure: TokenFailure): string {
  const code = {
    missing_api_key: "MissingAPIKey",
    token_malformed: "MalformedJWT",
    signature_error: "JwtSignatureError",
    expired_token: "InvalidJWTToken",
    missing_claims: "InvalidJWTToken",
  }[failure.reason];
  return `${code}: ${tokenFailureMessage(failure)}`;
}

/**
 * Why a joined channel is closed when a new token fails its checks (realtime_channel.ex handle_in "access_token"):
 * the message itself, except a bad signature, which Realtime reports as the inspected error atom.
 */
export function refreshRefusal(failure: TokenFailure): string {
  return failure.reason === "signature_error" ? ":signature_error" : tokenFailureMessage(failure);
}

/** The socket's upgrade refusal (realtime user_socket.ex error_response): always 401, with Realtime's words. */
export function connectRefusal(failure: TokenFailure): { status: 401; error: string } {
  const error = failure.reason === "expired_token" ? "Token has expired" : tokenFailureMessage(failure);
  return { status: 401, error };
}

export const secretKey = (secret: string): Uint8Array => new TextEncoder().encode(secret);
