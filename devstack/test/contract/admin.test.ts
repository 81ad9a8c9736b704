// supabase.auth.admin against the Auth stand-in, with the service-role key: create, list with pagination, get,
// update, delete, and sign a user out.
import { AuthApiError, AuthSessionMissingError } from "@supabase/supabase-js";
import { decodeJwt } from "jose";
import { describe, expect, it } from "vitest";
import { anonClient, authFetch, env, serviceClient, uniqueEmail } from "./env.ts";

const PASSWORD = "correct-horse-battery";

async function createdUser(label: string) {
  const email = uniqueEmail(label);
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
    user_metadata: { source: "admin" },
  });
  if (error || !data.user) throw new Error(`admin.createUser failed: ${error?.message ?? "no user"}`);
  return { email, user: data.user };
}

describe("admin.createUser", () => {
  it("creates a confirmed user who can sign in", async () => {
    const { email, user } = await createdUser("create");
    expect(user).toMatchObject({
      email,
      aud: "authenticated",
      role: "authenticated",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { source: "admin", email_verified: true },
    });
    const { data, error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(user.id);
  });

  it("takes app_metadata and a chosen id", async () => {
    const id = crypto.randomUUID();
    const { data, error } = await serviceClient().auth.admin.createUser({
      id,
      email: uniqueEmail("withid"),
      password: PASSWORD,
      email_confirm: true,
      app_metadata: { tier: "gold" },
    });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, app_metadata: { provider: "email", providers: ["email"], tier: "gold" } });
  });

  it("leaves an unconfirmed user unable to sign in until confirmed", async () => {
    const email = uniqueEmail("unconfirmed");
    const created = await serviceClient().auth.admin.createUser({ email, password: PASSWORD });
    const before = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(before.error).toMatchObject({ status: 400, code: "email_not_confirmed" });

    await serviceClient().auth.admin.updateUserById(created.data.user!.id, { email_confirm: true });
    const after = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(after.error).toBeNull();
  });

  it("refuses an email that is already registered", async () => {
    const { email } = await createdUser("duplicate");
    const { error } = await serviceClient().auth.admin.createUser({ email, password: PASSWORD });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: "email_exists" });
  });
});

describe("admin.listUsers", () => {
  it("pages through users with the total and page numbers supabase-js reads from the headers", async () => {
    const created = await Promise.all(["page-a", "page-b", "page-c"].map(createdUser));
    const admin = serviceClient().auth.admin;
    const everyone = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(everyone.error).toBeNull();
    const listedIds = everyone.data.users.map((user) => user.id);
    for (const { user } of created) expect(listedIds).toContain(user.id);

    // Fewer than ten pages: auth-js reads only the first digit of a page number.
    const perPage = Math.ceil(everyone.data.users.length / 3);
    const first = await admin.listUsers({ page: 1, perPage });
    expect(first.error).toBeNull();
    if (first.error) return;
    expect(first.data.users).toHaveLength(perPage);
    expect(first.data.total).toBeGreaterThanOrEqual(everyone.data.users.length);
    expect(first.data.nextPage).toBe(2);
    expect(first.data.lastPage).toBe(Math.ceil(first.data.total / perPage));
  });

  it("sends GoTrue's Link and X-Total-Count headers", async () => {
    await createdUser("headers");
    const response = await authFetch("/admin/users?page=1&per_page=1", { bearer: env.SUPABASE_SERVICE_ROLE_KEY });
    expect(response.status).toBe(200);
    const total = Number(response.headers.get("x-total-count"));
    expect(total).toBeGreaterThan(1);
    expect(response.headers.get("link")).toBe(
      `</admin/users?page=2&per_page=1>; rel="next", </admin/users?page=${total}&per_page=1>; rel="last"`,
    );
    expect(await response.json()).toMatchObject({ aud: "authenticated", users: [expect.any(Object)] });
  });
});

describe("admin.getUserById, updateUserById and deleteUser", () => {
  it("gets a user by id", async () => {
    const { user } = await createdUser("get");
    const { data, error } = await serviceClient().auth.admin.getUserById(user.id);
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: user.id, email: user.email });
  });

  it("answers 404 for an unknown id and for one that is not a UUID", async () => {
    const unknown = await serviceClient().auth.admin.getUserById(crypto.randomUUID());
    expect(unknown.error).toMatchObject({ status: 404, code: "user_not_found" });
    // supabase-js checks the UUID itself before asking; the server answers the same way when asked directly.
    const response = await authFetch("/admin/users/not-a-uuid", { bearer: env.SUPABASE_SERVICE_ROLE_KEY });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "validation_failed", message: "user_id must be an UUID" });
  });

  it("merges metadata updates, which new access tokens carry", async () => {
    const { email, user } = await createdUser("update");
    const { data, error } = await serviceClient().auth.admin.updateUserById(user.id, {
      app_metadata: { tier: "gold" },
      user_metadata: { nickname: "ada" },
    });
    expect(error).toBeNull();
    expect(data.user?.app_metadata).toEqual({ provider: "email", providers: ["email"], tier: "gold" });
    expect(data.user?.user_metadata).toEqual({ source: "admin", email_verified: true, nickname: "ada" });

    const signIn = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(decodeJwt(signIn.data.session!.access_token).app_metadata).toMatchObject({ tier: "gold" });
  });

  it("deletes a user, who then neither exists nor signs in", async () => {
    const { email, user } = await createdUser("delete");
    const session = (await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).data.session!;

    const { error } = await serviceClient().auth.admin.deleteUser(user.id);
    expect(error).toBeNull();

    expect((await serviceClient().auth.admin.getUserById(user.id)).error).toMatchObject({ status: 404 });
    const signIn = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toMatchObject({ status: 400, code: "invalid_credentials" });
    expect((await anonClient().auth.getUser(session.access_token)).error).toMatchObject({
      status: 403,
      code: "user_not_found",
    });
  });
});

describe("admin.signOut", () => {
  it("ends the session of the access token it is given", async () => {
    const { email } = await createdUser("signout");
    const client = anonClient();
    const session = (await client.auth.signInWithPassword({ email, password: PASSWORD })).data.session!;

    const { error } = await serviceClient().auth.admin.signOut(session.access_token);
    expect(error).toBeNull();
    expect((await client.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
  });
});

describe("admin routes", () => {
  it("refuse the anon key and a user's access token with not_admin", async () => {
    const { email } = await createdUser("notadmin");
    const session = (await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).data.session!;
    for (const bearer of [env.SUPABASE_ANON_KEY, session.access_token]) {
      const response = await authFetch("/admin/users", { bearer });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ code: "not_admin", message: "User not allowed" });
    }
  });
});
