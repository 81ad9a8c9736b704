import assert from "node:assert/strict";
import { decodeAccessTokenClaims } from "./claims.ts";

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

function fakeJwt(payload: unknown): string {
  return [base64Url('{"alg":"HS256","typ":"JWT"}'), base64Url(JSON.stringify(payload)), "signature"].join(".");
}

const claims = {
  sub: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
  role: "authenticated",
  exp: 1_900_000_000,
  session_id: "0b7f6a8e-1c2d-4e3f-9a0b-1c2d3e4f5a6b",
  email: "zoë@example.com",
  app_metadata: { provider: "email", providers: ["email"] },
  // "?>" and "~" encode to base64's "+" and "/", which base64url writes as "-" and "_".
  user_metadata: { username: "zoë", note: "??>>~~" },
};

Deno.test("decodes every claim, including non-ASCII text and base64url characters", () => {
  const jwt = fakeJwt(claims);
  assert.match(jwt.split(".")[1]!, /[-_]/);
  assert.deepEqual(decodeAccessTokenClaims(jwt), claims);
});

Deno.test("refuses a token without a user (an API key is not a user's token)", () => {
  assert.throws(() => decodeAccessTokenClaims(fakeJwt({ role: "anon", exp: 1_983_812_996 })));
});

Deno.test("refuses something that is not a JWT", () => {
  assert.throws(() => decodeAccessTokenClaims("garbage"), { message: "Access token is not a JWT" });
});
