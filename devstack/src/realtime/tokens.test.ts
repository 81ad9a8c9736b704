import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET } from "../auth/keys.ts";
import { checkToken, connectRefusal, joinRefusal, refreshRefusal, secretKey } from "./tokens.ts";

const secret = secretKey(LOCAL_JWT_SECRET);
const NOW = Date.UTC(2026, 0, 1);
const nowSeconds = NOW / 1000;

function sign(claims: Record<string, unknown>, key = LOCAL_JWT_SECRET, alg = "HS256") {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).sign(secretKey(key));
}

describe("checkToken", () => {
  it("accepts the local anon key and hands over its claims", async () => {
    expect(await checkToken(LOCAL_ANON_KEY, secret, NOW)).toEqual({
      ok: true,
      claims: { iss: "supabase-demo", role: "anon", exp: 1983812996 },
    });
  });

  it("accepts HS384 and a token with whitespace copied into it", async () => {
    const token = await sign({ role: "authenticated", exp: nowSeconds + 60, sub: "u1" }, LOCAL_JWT_SECRET, "HS384");
    const check = await checkToken(`${token.slice(0, 10)}\n ${token.slice(10)}`, secret, NOW);
    expect(check).toMatchObject({ ok: true, claims: { sub: "u1" } });
  });

  it.each([
    ["no token at all", undefined, "missing_api_key"],
    ["a token that is no JWT", "not-a-jwt", "token_malformed"],
  ])("refuses %s", async (_, token, reason) => {
    expect(await checkToken(token, secret, NOW)).toEqual({ ok: false, reason });
  });

  it("refuses a token signed with another secret", async () => {
    const token = await sign({ role: "anon", exp: nowSeconds + 60 }, "another-secret-that-is-at-least-32-characters");
    expect(await checkToken(token, secret, NOW)).toEqual({ ok: false, reason: "signature_error" });
  });

  it("says how long ago an expired token expired", async () => {
    const token = await sign({ role: "authenticated", exp: nowSeconds - 42 });
    expect(await checkToken(token, secret, NOW)).toEqual({ ok: false, reason: "expired_token", secondsAgo: 42 });
  });

  it("refuses a token without role or exp, as Realtime requires both", async () => {
    expect(await checkToken(await sign({ role: "anon" }), secret, NOW)).toEqual({ ok: false, reason: "missing_claims" });
    expect(await checkToken(await sign({ exp: nowSeconds + 60 }), secret, NOW)).toEqual({ ok: false, reason: "missing_claims" });
  });
});

describe("Realtime's words for a refused token", () => {
  it("on the socket's upgrade", () => {
    expect(connectRefusal({ reason: "missing_api_key" })).toEqual({ status: 401, error: "API key is missing" });
    expect(connectRefusal({ reason: "expired_token", secondsAgo: 3 })).toEqual({ status: 401, error: "Token has expired" });
    expect(connectRefusal({ reason: "signature_error" })).toEqual({ status: 401, error: "Failed to validate JWT signature" });
  });

  it("on a join", () => {
    expect(joinRefusal({ reason: "expired_token", secondsAgo: 3 })).toBe("InvalidJWTToken: Token has expired 3 seconds ago");
    expect(joinRefusal({ reason: "token_malformed" })).toBe("MalformedJWT: The token provided is not a valid JWT");
    expect(joinRefusal({ reason: "missing_claims" })).toBe("InvalidJWTToken: Fields `role` and `exp` are required in JWT");
  });

  it("on a refresh", () => {
    expect(refreshRefusal({ reason: "token_malformed" })).toBe("The token provided is not a valid JWT");
    expect(refreshRefusal({ reason: "signature_error" })).toBe(":signature_error");
  });
});
