// Access tokens: HS256 JWTs with GoTrue's claims (auth internal/tokens/service.go), and the bearer
// check GoTrue applies to every token it is shown, including the anon and service-role keys.
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { forbidden } from "./errors.ts";

export interface TokenSettings {
  jwtSecret: string;
  jwtExpirySeconds: number;
  issuer: string;
}

/** The user fields GoTrue copies into an access token. */
export interface TokenSubject {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  isAnonymous: boolean;
}

/** The session the token belongs to; amr's timestamp is when the session signed in, kept across refreshes. */
export interface TokenSession {
  id: string;
  aal: string;
  signedInAt: Date;
}

export interface MintedToken {
  accessToken: string;
  /** Unix seconds, as the session response's expires_at. */
  expiresAt: number;
}

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function mintAccessToken(
  settings: TokenSettings,
  user: TokenSubject,
  session: TokenSession,
  now: Date = new Date(),
): Promise<MintedToken> {
  const iat = unixSeconds(now);
  const exp = iat + settings.jwtExpirySeconds;
  // Key order follows GoTrue's claims struct, so tokens read the same when decoded side by side.
  const claims = {
    iss: settings.issuer,
    sub: user.id,
    aud: user.aud,
    exp,
    iat,
    email: user.email,
    phone: user.phone,
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    role: user.role,
    aal: session.aal,
    amr: [{ method: "password", timestamp: unixSeconds(session.signedInAt) }],
    session_id: session.id,
    is_anonymous: user.isAnonymous,
  };
  const accessToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .sign(secretKey(settings.jwtSecret));
  return { accessToken, expiresAt: exp };
}

// Only what the bearer checks read; a token may carry anything else (the API keys carry iss, role and exp only).
const bearerClaimsSchema = z.looseObject({
  sub: z.string().optional(),
  role: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]).optional(),
  session_id: z.string().optional(),
});
export type BearerClaims = z.infer<typeof bearerClaimsSchema>;

/** Verifies signature and expiry as GoTrue does; any failure is its 403 bad_jwt. */
export async function verifyBearerToken(token: string, jwtSecret: string): Promise<BearerClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, secretKey(jwtSecret), { algorithms: ["HS256"] }));
  } catch (err) {
    throw forbidden("bad_jwt", `invalid JWT: unable to parse or verify signature, ${describeJwtFailure(err)}`);
  }
  const claims = bearerClaimsSchema.safeParse(payload);
  if (!claims.success) {
    throw forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, token has invalid claims");
  }
  return claims.data;
}

// The wording of golang-jwt's errors, which GoTrue passes on in the message.
function describeJwtFailure(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return "token has invalid claims: token is expired";
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) {
    return "token signature is invalid: signature is invalid";
  }
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `token has invalid claims: ${err.message}`;
  return `token is malformed: ${(err as Error).message}`;
}

const secretKey = (secret: string) => new TextEncoder().encode(secret);
