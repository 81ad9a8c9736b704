// The Auth stand-in as supabase-js 2.109.0 uses it: sign-up, sign-in, the user, refresh, update, sign-out, and the
// errors the client turns into AuthApiError codes.
import { AuthApiError, AuthSessionMissingError, AuthWeakPasswordError, type Session } from "@supabase/supabase-js";
import { decodeJwt, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { LOCAL_JWT_SECRET } from "../../src/auth/keys.ts";
import { anonClient, authFetch, uniqueEmail } from "./env.ts";

const PASSWORD = "correct-horse-battery";

async function signedUpClient(label: string) {
  const client = anonClient();
  const email = uniqueEmail(label);
  const { data, error } = await client.auth.signUp({ email, password: PASSWORD, options: { data: { plan: "trial" } } });
  if (error || !data.session || !data.user) throw new Error(`sign-up failed: ${error?.message ?? "no session"}`);
  return { client, email, session: data.session, user: data.user };
}

/** Refreshes through the client and returns the new session, failing the test on an error. */
async function refreshed(client: ReturnType<typeof anonClient>, refreshToken: string): Promise<Session> {
  const { data, error } = await client.auth.refreshSession({ refresh_token: refreshToken });
  if (error || !data.session) throw new Error(`refresh failed: ${error?.message ?? "no session"}`);
  return data.session;
}

describe("sign-up", () => {
  it("answers a session and the user, with the sign-up data as user_metadata", async () => {
    const { email, session, user } = await signedUpClient("signup");

    expect(Object.keys(session).sort()).toEqual(
      ["access_token", "expires_at", "expires_in", "refresh_token", "token_type", "user"].sort(),
    );
    expect(session.token_type).toBe("bearer");
    // supabase-js refreshes when under ~120 s remain: a shorter lifetime would refresh on every call.
    expect(session.expires_in).toBeGreaterThan(120);
    expect(session.expires_at).toBe(decodeJwt(session.access_token).exp);
    expect(user).toMatchObject({
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { plan: "trial", email_verified: true },
      is_anonymous: false,
    });
    expect(user.email_confirmed_at).toEqual(expect.any(String));
    expect(user.identities).toEqual([
      expect.objectContaining({ provider: "email", id: user.id, user_id: user.id, email }),
    ]);
    expect(session.user.id).toBe(user.id);
  });

  it("issues an access token with GoTrue's claims", async () => {
    const { email, session, user } = await signedUpClient("claims");
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: user.id,
      aud: "authenticated",
      email,
      phone: "",
      role: "authenticated",
      aal: "aal1",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { plan: "trial" },
      is_anonymous: false,
      session_id: expect.any(String),
      iss: expect.any(String),
    });
    expect(claims.amr).toEqual([{ method: "password", timestamp: expect.any(Number) }]);
    expect(claims.exp! - claims.iat!).toBe(session.expires_in);
  });

  it("refuses an email that is already registered", async () => {
    const { email } = await signedUpClient("taken");
    const { error } = await anonClient().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: "user_already_exists", message: "User already registered" });
  });

  it("refuses a password shorter than config.toml's minimum_password_length (8)", async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail("weak"), password: "k7#Vq2!" });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: "weak_password", reasons: ["length"] });
  });

  it("refuses a common password as hosted Auth refuses a leaked one", async () => {
    const { error } = await anonClient().auth.signUp({ email: uniqueEmail("common"), password: "password1" });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: "weak_password", reasons: ["pwned"] });
  });

  it("runs the before-user-created hook: a username with \"@\" is refused with its 400 before any user exists", async () => {
    const email = uniqueEmail("at-sign");
    const victim = uniqueEmail("victim");
    const response = await authFetch("/signup", {
      method: "POST",
      body: JSON.stringify({ email, password: PASSWORD, data: { username: victim } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: "unknown",
      message: 'Username can\'t contain "@"; sign in with your email address instead',
    });
    const signIn = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ code: "invalid_credentials" });
  });

  it("answers a taken username with the hook's 422, not a 500, and keeps nothing of the sign-up", async () => {
    const username = `taken_${crypto.randomUUID().slice(0, 8)}`;
    const first = { email: uniqueEmail("first"), password: PASSWORD, options: { data: { username } } };
    expect((await anonClient().auth.signUp(first)).error).toBeNull();
    const email = uniqueEmail("second");
    const { error } = await anonClient().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { username: username.toUpperCase() } },
    });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 422,
      code: "unknown",
      message: "An account can't be created with these details. If you already have one, sign in.",
    });
    const signIn = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ code: "invalid_credentials" });
  });

  it("refuses an invalid email", async () => {
    const { error } = await anonClient().auth.signUp({ email: "not-an-email", password: PASSWORD });
    expect(error).toMatchObject({ status: 400, code: "validation_failed" });
  });
});

describe("sign-in with a password", () => {
  it("answers a new session for the user", async () => {
    const { email, user, session: signupSession } = await signedUpClient("signin");
    const client = anonClient();
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
    expect(data.session?.refresh_token).not.toBe(signupSession.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).not.toBe(
      decodeJwt(signupSession.access_token).session_id,
    );
    expect(data.user?.last_sign_in_at).toEqual(expect.any(String));
  });

  it("gives AuthApiError 400 invalid_credentials for a wrong password and for an unknown user alike", async () => {
    const { email } = await signedUpClient("wrong");
    const wrongPassword = await anonClient().auth.signInWithPassword({ email, password: "not-the-password" });
    const unknownUser = await anonClient().auth.signInWithPassword({
      email: uniqueEmail("nobody"),
      password: PASSWORD,
    });
    for (const { error } of [wrongPassword, unknownUser]) {
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    }
  });

  it("answers errors in GoTrue's 2024-01-01 format", async () => {
    const response = await authFetch("/token?grant_type=password", {
      method: "POST",
      body: JSON.stringify({ email: uniqueEmail("nobody"), password: PASSWORD }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(response.headers.get("x-sb-error-code")).toBe("invalid_credentials");
    expect(await response.json()).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
  });
});

describe("the signed-in user", () => {
  it("is what getUser answers", async () => {
    const { client, user } = await signedUpClient("getuser");
    const { data, error } = await client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email: user.email });
  });

  it("is refused for a token that does not verify", async () => {
    const { session } = await signedUpClient("badjwt");
    const tampered = `${session.access_token.slice(0, -4)}AAAA`;
    const { error } = await anonClient().auth.getUser(tampered);
    expect(error).toMatchObject({ status: 403, code: "bad_jwt" });
  });

  it("takes metadata updates, merged into user_metadata", async () => {
    const { client } = await signedUpClient("metadata");
    const { data, error } = await client.auth.updateUser({ data: { first_name: "Ada", plan: null } });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toEqual({ first_name: "Ada", email_verified: true });
  });

  it("refuses app_metadata from the user", async () => {
    const { session } = await signedUpClient("appmeta");
    const response = await authFetch("/user", {
      method: "PUT",
      bearer: session.access_token,
      body: JSON.stringify({ app_metadata: { role: "admin" } }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "not_admin" });
  });

  it("takes a new password, which then signs in while the old one no longer does", async () => {
    const { client, email } = await signedUpClient("password");
    const { error } = await client.auth.updateUser({ password: "a-brand-new-password" });
    expect(error).toBeNull();

    const withOld = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(withOld.error).toMatchObject({ status: 400, code: "invalid_credentials" });
    const withNew = await anonClient().auth.signInWithPassword({ email, password: "a-brand-new-password" });
    expect(withNew.error).toBeNull();
  });

  it("refuses a new password that is common or the user's own email address, as sign-up does", async () => {
    const { client, email } = await signedUpClient("weaker");
    for (const password of ["qwerty123", email.toUpperCase()]) {
      const { error } = await client.auth.updateUser({ password });
      expect(error).toBeInstanceOf(AuthWeakPasswordError);
      expect(error).toMatchObject({ status: 422, code: "weak_password" });
    }
    const stillOld = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(stillOld.error).toBeNull();
  });

  it("ends the user's other sessions when the password changes", async () => {
    const { client, email } = await signedUpClient("others");
    const elsewhere = anonClient();
    await elsewhere.auth.signInWithPassword({ email, password: PASSWORD });

    await client.auth.updateUser({ password: "a-brand-new-password" });

    expect((await elsewhere.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await client.auth.getUser()).error).toBeNull();
  });
});

describe("refresh", () => {
  it("rotates the refresh token and issues an access token for the same session", async () => {
    const { client, session } = await signedUpClient("refresh");
    const next = await refreshed(client, session.refresh_token);
    expect(next.refresh_token).not.toBe(session.refresh_token);
    // The access token is minted afresh (within the same second it may equal the old one byte for byte, as GoTrue's).
    expect(decodeJwt(next.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);
    expect((await client.auth.getUser()).data.user?.id).toBe(session.user.id);
  });

  it("answers a reused token with the session's current one instead of forking the session", async () => {
    const { session } = await signedUpClient("reuse");
    const client = anonClient();
    const second = await refreshed(client, session.refresh_token);
    const third = await refreshed(client, second.refresh_token);

    // The parent of the current token: a client that lost the answer to its last refresh.
    expect((await refreshed(client, second.refresh_token)).refresh_token).toBe(third.refresh_token);
    // An older one, reused inside the 10 s reuse window (tabs refreshing together). After the window GoTrue answers
    // refresh_token_already_used and revokes the session; the unit tests of rotation.ts cover that with a clock.
    expect((await refreshed(client, session.refresh_token)).refresh_token).toBe(third.refresh_token);
    // And the current token still rotates as usual.
    expect((await refreshed(client, third.refresh_token)).refresh_token).not.toBe(third.refresh_token);
  });

  it("refuses a refresh token it never issued", async () => {
    const { error } = await anonClient().auth.refreshSession({ refresh_token: "never-issued" });
    expect(error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
  });

  it("lets a client whose access token expired refresh and carry on", async () => {
    const { session, user } = await signedUpClient("expired");
    // An access token of this very session that expired a minute ago, signed as the stack signs (devstack always uses
    // the local JWT secret): what a client holds after an hour offline.
    const nowSeconds = Math.floor(Date.now() / 1000);
    const claims = { ...decodeJwt(session.access_token), iat: nowSeconds - 3660, exp: nowSeconds - 60 };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .sign(new TextEncoder().encode(LOCAL_JWT_SECRET));

    const client = anonClient();
    const stale = await client.auth.getUser(expired);
    expect(stale.error).toMatchObject({ status: 403, code: "bad_jwt" });

    // setSession sees the expired token and refreshes with the refresh token before answering.
    const { data, error } = await client.auth.setSession({
      access_token: expired,
      refresh_token: session.refresh_token,
    });
    expect(error).toBeNull();
    expect(data.session?.access_token).not.toBe(expired);
    expect(data.session!.expires_at!).toBeGreaterThan(nowSeconds);
    expect((await client.auth.getUser()).data.user?.id).toBe(user.id);
  });
});

describe("sign-out", () => {
  it("ends the session: its access token gets session_not_found and its refresh token is gone", async () => {
    const { client, session } = await signedUpClient("signout");
    expect((await client.auth.signOut()).error).toBeNull();

    // supabase-js turns session_not_found into AuthSessionMissingError; the wire says it as GoTrue does.
    expect((await anonClient().auth.getUser(session.access_token)).error).toBeInstanceOf(AuthSessionMissingError);
    const response = await authFetch("/user", { bearer: session.access_token });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "session_not_found" });

    const refresh = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(refresh.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });
  });

  it("with scope local leaves the user's other sessions alone", async () => {
    const { client, email } = await signedUpClient("local");
    const elsewhere = anonClient();
    await elsewhere.auth.signInWithPassword({ email, password: PASSWORD });

    await client.auth.signOut({ scope: "local" });

    expect((await elsewhere.auth.getUser()).error).toBeNull();
  });

  it("with scope others ends every other session of the user and keeps this one", async () => {
    const { client, email } = await signedUpClient("others-out");
    const elsewhere = anonClient();
    await elsewhere.auth.signInWithPassword({ email, password: PASSWORD });

    expect((await client.auth.signOut({ scope: "others" })).error).toBeNull();

    expect((await elsewhere.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it("with the default global scope ends every session of the user", async () => {
    const { client, email } = await signedUpClient("global");
    const elsewhere = anonClient();
    await elsewhere.auth.signInWithPassword({ email, password: PASSWORD });

    await client.auth.signOut();

    expect((await elsewhere.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
  });

  it("needs a bearer token", async () => {
    const response = await authFetch("/logout", { method: "POST", headers: { Authorization: "" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "no_authorization" });
  });
});
