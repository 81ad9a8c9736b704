// The admin's Zoho paths with the operator's Self Client token (ZOHO_REFRESH_TOKEN): the admin's test-connection makes
// the admin's connection from it, with no consent. The stack's functions have no such token, so this file builds the
// app in-process with one (each test file runs in its own isolate, with its own parsed environment). The token is a
// real one of the fake Zoho: a user's consent gives it, read back from the token store with the functions' keys.
import assert from "node:assert/strict";
import { crmConnectionSchema, testConnectionSchema } from "../../../_shared/contracts/crm.ts";
import { keyringOf, open } from "../../../_shared/secrets/index.ts";
import { createApp } from "../../app.ts";
import { connectZoho } from "../../testing/crm.ts";
import { call, requiredEnv, signedInAdmin, signedInUser, withDatabase } from "../../testing/stack.ts";

async function refreshTokenOf(userId: string): Promise<string> {
  const [row] = await withDatabase((sql) =>
    sql<{ sealed: string }[]>`select refresh_token_sealed as sealed from public.crm_integrations where user_id = ${userId}`
  );
  const keyring = await keyringOf(requiredEnv("SECRETS_ENCRYPTION_KEY"));
  return await open(keyring, row!.sealed);
}

Deno.test("with ZOHO_REFRESH_TOKEN, the admin's test-connection connects the admin's own Zoho without consent", async () => {
  const operator = await signedInUser();
  await connectZoho(operator.token);
  Deno.env.set("ZOHO_REFRESH_TOKEN", await refreshTokenOf(operator.id));
  let app;
  try {
    app = createApp();
  } finally {
    Deno.env.delete("ZOHO_REFRESH_TOKEN");
  }
  const send = async (token: string, path: string) => {
    const response = await app.fetch(new Request(`http://api.invalid${path}`, {
      headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "127.0.0.1" },
    }));
    return { status: response.status, json: await response.json() };
  };

  // A user who is not an admin gains nothing from the operator's token.
  const user = await signedInUser();
  const refused = await send(user.token, "/api/crm/zoho/test-connection");
  assert.deepEqual([refused.status, refused.json], [409, { message: "Zoho CRM is not connected: connect it first" }]);

  const admin = await signedInAdmin();
  const tested = await send(admin.token, "/api/admin/zoho/test-connection");
  assert.equal(tested.status, 200);
  assert.equal(testConnectionSchema.parse(tested.json).success, true, JSON.stringify(tested.json));
  const connection = crmConnectionSchema.parse((await call("/api/admin/zoho/connection", { token: admin.token })).json);
  assert.deepEqual([connection.status, connection.accountsHost], ["connected", requiredEnv("ZOHO_ACCOUNTS_URL").replace(/\/+$/, "")]);
  assert.ok(connection.orgId, "the organisation is learnt from the first call");
});
