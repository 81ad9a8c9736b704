// The app's answers that come before any database work (parsing, bearer checks, errors), with a database client
// that points nowhere: reaching the database here would fail the test with a 500.
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { LOCAL_ANON_KEY, LOCAL_JWT_SECRET, LOCAL_SERVICE_ROLE_KEY } from "./keys.ts";
import { createAuthApp } from "./index.ts";
import { mintAccessToken } from "./tokens.ts";

const sql = postgres("postgresql://postgres:postgres@127.0.0.1:1/postgres", { connect_timeout: 1, max: 1 });
afterAll(() => sql.end({ timeout: 1 }));
const settings = { jwtSecret: LOCAL_JWT_SECRET, jwtExpirySeconds: 3600, issuer: "http://127.0.0.1:54321/auth/v1" };
const app = createAuthApp({ sql, ...settings });

function call(path: string, init: { method?: string; body?: string; bearer?: string } = {}) {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    "X-Supabase-Api-Version": "2024-01-01",
  };
  if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
  return app.request(path, { method: init.method ?? "GET", body: init.body, headers });
}

async function expectError(response: Response, status: number, body: Record<string, unknown>) {
  expect(response.status).toBe(status);
  expect(await response.json()).toEqual(body);
  // auth-js reads the code only when the answer names the API version.
  expect(response.headers.get("X-Supabase-Api-Version")).toBe("2024-01-01");
  expect(response.headers.get("x-sb-error-code")).toBe(body.code);
}

describe("createAuthApp", () => {
  it("reports itself on /health like GoTrue", async () => {
    const response = await call("/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "GoTrue" });
  });

  it("answers 404 not_found for paths it does not serve", async () => {
    await expectError(await call("/magiclink", { method: "POST", body: "{}" }), 404, {
      code: "not_found",
      message: "Not Found",
    });
  });

  describe("/signup", () => {
    it("refuses a body that is not JSON with 400 bad_json", async () => {
      const response = await call("/signup", { method: "POST", body: "{not json" });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "bad_json" });
    });

    it("refuses fields of the wrong type with 400 bad_json", async () => {
      const response = await call("/signup", { method: "POST", body: JSON.stringify({ email: 42, password: "x" }) });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: "bad_json" });
    });

    it("treats a sign-up without email or phone as anonymous, which is off", async () => {
      const body = JSON.stringify({ password: "secret123" });
      await expectError(await call("/signup", { method: "POST", body }), 422, {
        code: "anonymous_provider_disabled",
        message: "Anonymous sign-ins are disabled",
      });
    });

    it("asks for a password", async () => {
      const body = JSON.stringify({ email: "ada@example.com" });
      await expectError(await call("/signup", { method: "POST", body }), 400, {
        code: "validation_failed",
        message: "Signup requires a valid password",
      });
    });

    it("refuses a password shorter than config.toml's minimum (8) with GoTrue's weak_password answer", async () => {
      const body = JSON.stringify({ email: "ada@example.com", password: "k7#Vq2!" });
      await expectError(await call("/signup", { method: "POST", body }), 422, {
        code: "weak_password",
        message: "Password should be at least 8 characters.",
        weak_password: { reasons: ["length"] },
      });
    });

    it("refuses phone sign-ups: there is no SMS provider", async () => {
      const body = JSON.stringify({ phone: "+442079460000", password: "mailscout-phone-2026" });
      await expectError(await call("/signup", { method: "POST", body }), 400, {
        code: "phone_provider_disabled",
        message: "Phone signups are disabled",
      });
    });
  });

  describe("/token", () => {
    it("refuses an unknown grant type", async () => {
      await expectError(await call("/token?grant_type=magic", { method: "POST", body: "{}" }), 400, {
        code: "invalid_credentials",
        message: "unsupported_grant_type",
      });
    });

    it("answers a missing refresh token in OAuth's words", async () => {
      const response = await call("/token?grant_type=refresh_token", { method: "POST", body: "{}" });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_request", error_description: "refresh_token required" });
    });

    it("asks for an email or a phone to sign in with", async () => {
      const body = JSON.stringify({ password: "secret123" });
      await expectError(await call("/token?grant_type=password", { method: "POST", body }), 400, {
        code: "validation_failed",
        message: "missing email or phone",
      });
    });
  });

  describe("bearer checks", () => {
    it("answer 401 no_authorization without a token", async () => {
      for (const [method, path] of [["GET", "/user"], ["PUT", "/user"], ["POST", "/logout"], ["GET", "/admin/users"]]) {
        await expectError(await call(path!, { method }), 401, {
          code: "no_authorization",
          message: "This endpoint requires a valid Bearer token",
        });
      }
    });

    it("answer 403 bad_jwt for a token that does not verify", async () => {
      const response = await call("/user", { bearer: `${LOCAL_ANON_KEY}x` });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: "bad_jwt" });
    });

    it("answer 403 bad_jwt for /user with an API key, which names no user", async () => {
      await expectError(await call("/user", { bearer: LOCAL_ANON_KEY }), 403, {
        code: "bad_jwt",
        message: "invalid claim: missing sub claim",
      });
    });

    it("refuse admin routes to the anon key and to a user's token with 403 not_admin", async () => {
      const { accessToken } = await mintAccessToken(
        settings,
        {
          id: "2b5b0f5e-8a57-4a8e-9d2c-1f4f2b7a0c11",
          aud: "authenticated",
          role: "authenticated",
          email: "ada@example.com",
          phone: "",
          appMetadata: {},
          userMetadata: {},
          isAnonymous: false,
        },
        { id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b", aal: "aal1", signedInAt: new Date() },
      );
      for (const bearer of [LOCAL_ANON_KEY, accessToken]) {
        await expectError(await call("/admin/users", { bearer }), 403, {
          code: "not_admin",
          message: "User not allowed",
        });
      }
    });

    it("let the service-role key through to validate admin input", async () => {
      await expectError(await call("/admin/users/not-a-uuid", { bearer: LOCAL_SERVICE_ROLE_KEY }), 404, {
        code: "validation_failed",
        message: "user_id must be an UUID",
      });
      await expectError(await call("/admin/users?page=0", { bearer: LOCAL_SERVICE_ROLE_KEY }), 400, {
        code: "validation_failed",
        message: "Bad Pagination Parameters: page and per_page must be positive integers",
      });
      const body = JSON.stringify({ password: "secret123" });
      await expectError(await call("/admin/users", { method: "POST", body, bearer: LOCAL_SERVICE_ROLE_KEY }), 400, {
        code: "validation_failed",
        message: "Cannot create a user without either an email or phone",
      });
    });
  });
});
