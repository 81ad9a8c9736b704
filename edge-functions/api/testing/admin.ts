// What the admin area's API tests share: an account whose password the test knows (to sign in again after an admin
// acted on it) and reading a user as an admin sees them.
import assert from "node:assert/strict";
import { adminUserDetailSchema } from "../../_shared/admin/index.ts";
import { authResponseSchema } from "../../_shared/accounts/index.ts";
import { call } from "./stack.ts";

export interface TestAccount {
  id: string;
  token: string;
  username: string;
  password: string;
}

/** A new account, signed in, with the username and password it signs in with. */
export async function accountWithPassword(): Promise<TestAccount> {
  const username = `u_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const password = `pw-${crypto.randomUUID()}`;
  const response = await call("/api/register", { body: { username, email: `${username}@example.com`, password } });
  assert.equal(response.status, 201, response.text);
  const auth = authResponseSchema.parse(response.json);
  return { id: auth.id, token: auth.session.accessToken, username, password };
}

export async function signIn(account: TestAccount) {
  return await call("/api/login", { body: { username: account.username, password: account.password } });
}

/** The user's drawer, as the given admin reads it. */
export async function userAsAdminSees(adminToken: string, userId: string) {
  const response = await call(`/api/admin/users/${userId}`, { token: adminToken });
  assert.equal(response.status, 200, response.text);
  return adminUserDetailSchema.parse(response.json);
}
