import { decodeJwt, decodeProtectedHeader, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from "./keys.ts";
import { AuthApiError } from "./errors.ts";
import { mintAccessToken, verifyBearerToken } from "./tokens.ts";

const settings = { jwtSecret: LOCAL_JWT_SECRET, jwtExpirySeconds: 3600, issuer: "http://127.0.0.1:54321/auth/v1" };
const user = {
  id: "2b5b0f5e-8a57-4a8e-9d2c-1f4f2b7a0c11",
  aud: "authenticated",
  role: "authenticated",
  email: "ada@example.com",
  phone: "",
  appMetadata: { provider: "email", providers: ["email"] },
  userMetadata: { username: "ada", email_verified: true },
  isAnonymous: false,
};
const session = {
  id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
  aal: "aal1",
  signedInAt: new Date("2026-01-01T00:00:00Z"),
};
const now = new Date("2026-01-01T00:10:00Z");

describe("mintAccessToken", () => {
  it("signs GoTrue's claims, and only those, with HS256", async () => {
    const { accessToken, expiresAt } = await mintAccessToken(settings, user, session, now);

    expect(decodeProtectedHeader(accessToken)).toEqual({ alg: "HS256", typ: "JWT" });
    const iat = Math.floor(now.getTime() / 1000);
    expect(decodeJwt(accessToken)).toEqual({
      iss: settings.issuer,
      sub: user.id,
      aud: "authenticated",
      exp: iat + 3600,
      iat,
      email: "ada@example.com",
      phone: "",
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      role: "authenticated",
      aal: "aal1",
      amr: [{ method: "password", timestamp: Math.floor(session.signedInAt.getTime() / 1000) }],
      session_id: session.id,
      is_anonymous: false,
    });
    expect(expiresAt).toBe(iat + 3600);
  });
});

describe("verifyBearerToken", () => {
  it("accepts a token it minted", async () => {
    const { accessToken } = await mintAccessToken(settings, user, session);
    await expect(verifyBearerToken(accessToken, LOCAL_JWT_SECRET)).resolves.toMatchObject({
      sub: user.id,
      role: "authenticated",
      session_id: session.id,
    });
  });

  it("accepts the local API keys, which carry a role and no user", async () => {
    await expect(verifyBearerToken(LOCAL_ANON_KEY, LOCAL_JWT_SECRET)).resolves.toMatchObject({ role: "anon" });
    const service = await verifyBearerToken(LOCAL_SERVICE_ROLE_KEY, LOCAL_JWT_SECRET);
    expect(service).toMatchObject({ role: "service_role" });
    expect(service.sub).toBeUndefined();
  });

  it("refuses an expired token with 403 bad_jwt", async () => {
    const { accessToken } = await mintAccessToken(settings, user, session, new Date(Date.now() - 7200_000));
    const failure = verifyBearerToken(accessToken, LOCAL_JWT_SECRET);
    await expect(failure).rejects.toBeInstanceOf(AuthApiError);
    await expect(failure).rejects.toMatchObject({
      status: 403,
      code: "bad_jwt",
      message: "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
    });
  });

  it("refuses a token signed with another secret", async () => {
    const elsewhere = { ...settings, jwtSecret: "another-secret-of-at-least-32-characters" };
    const { accessToken } = await mintAccessToken(elsewhere, user, session);
    await expect(verifyBearerToken(accessToken, LOCAL_JWT_SECRET)).rejects.toMatchObject({
      status: 403,
      code: "bad_jwt",
      message: "invalid JWT: unable to parse or verify signature, token signature is invalid: signature is invalid",
    });
  });

  it("refuses what is not a JWT, and a token signed with another algorithm", async () => {
    await expect(verifyBearerToken("not-a-jwt", LOCAL_JWT_SECRET)).rejects.toMatchObject({ code: "bad_jwt" });
    const hs512 = await new SignJWT({ sub: user.id, role: "authenticated" })
      .setProtectedHeader({ alg: "HS512" })
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));
    await expect(verifyBearerToken(hs512, LOCAL_JWT_SECRET)).rejects.toMatchObject({ code: "bad_jwt" });
  });
});
