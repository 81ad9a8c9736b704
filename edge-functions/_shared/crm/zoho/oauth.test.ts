// Zoho's OAuth grants against devstack's fake in-process: the consent URL's parameters, the code and refresh grants,
// Zoho's refusals (HTTP 200 with {error}) and what each means to us, and revocation.
import assert from "node:assert/strict";
import { ZOHO_TEST_CLIENT, zohoFake } from "../../../../devstack/src/zoho/index.ts";
import { zohoFakeControls } from "../../../../devstack/src/zoho/testing.ts";
import { ZohoGrantRefused, ZohoReconnectNeeded } from "./errors.ts";
import { consentUrl, exchangeCode, refreshAccessToken, revokeToken, ZOHO_SCOPES } from "./oauth.ts";
import { CREDENTIALS, FAKE_ZOHO_BASE as BASE, REDIRECT_URI } from "./testing/in-process-fake.ts";

function fake() {
  const { app } = zohoFake({ base: BASE });
  const fetcher: typeof fetch = (input, init) => Promise.resolve(app.fetch(new Request(input, init)));
  return { fetcher, controls: zohoFakeControls(BASE, fetcher) };
}

const consent = (state: string) => consentUrl({ accountsUrl: `${BASE}/`, clientId: CREDENTIALS.clientId, redirectUri: REDIRECT_URI, state });

Deno.test("the consent URL asks for offline access with a consent prompt, the sync's scopes and the state", () => {
  const url = new URL(consent("st8"));
  assert.equal(`${url.origin}${url.pathname}`, `${BASE}/oauth/v2/auth`);
  assert.deepEqual(Object.fromEntries(url.searchParams), {
    scope: ZOHO_SCOPES.join(","),
    client_id: ZOHO_TEST_CLIENT.id,
    response_type: "code",
    access_type: "offline",
    prompt: "consent",
    redirect_uri: REDIRECT_URI,
    state: "st8",
  });
});

Deno.test("a code is exchanged once for tokens and the API domain; Zoho's refusals are ZohoGrantRefused", async () => {
  const { fetcher, controls } = fake();
  const back = new URL(await controls.consent(consent("s"), "accept"));
  const code = back.searchParams.get("code")!;
  const call = { accountsUrl: back.searchParams.get("accounts-server")!, fetch: fetcher, redirectUri: REDIRECT_URI, code };
  const wrongSecret = await exchangeCode({ ...call, credentials: { ...CREDENTIALS, clientSecret: "nope" } }).catch((e: unknown) => e);
  assert.ok(wrongSecret instanceof ZohoGrantRefused && wrongSecret.error === "invalid_client");
  const grant = await exchangeCode({ ...call, credentials: CREDENTIALS });
  assert.equal(grant.apiDomain, BASE);
  assert.equal(grant.expiresIn, 3600);
  assert.match(grant.refreshToken, /^1000\./);
  const reused = await exchangeCode({ ...call, credentials: CREDENTIALS }).catch((e: unknown) => e);
  assert.ok(reused instanceof ZohoGrantRefused && reused.error === "invalid_code");
});

Deno.test("refresh works until revoked, then needs a reconnect; a refused client is not a reconnect", async () => {
  const { fetcher, controls } = fake();
  const code = new URL(await controls.consent(consent("s"), "accept")).searchParams.get("code")!;
  const grant = await exchangeCode({ accountsUrl: BASE, fetch: fetcher, credentials: CREDENTIALS, redirectUri: REDIRECT_URI, code });
  const refresh = { accountsUrl: BASE, fetch: fetcher, credentials: CREDENTIALS, refreshToken: grant.refreshToken };
  const refreshed = await refreshAccessToken(refresh);
  assert.notEqual(refreshed.accessToken, grant.accessToken);
  assert.equal(refreshed.refreshToken, null);
  const wrongClient = await refreshAccessToken({ ...refresh, credentials: { ...CREDENTIALS, clientId: "1000.OTHER" } }).catch((e: unknown) => e);
  assert.ok(wrongClient instanceof ZohoGrantRefused && !(wrongClient instanceof ZohoReconnectNeeded));
  await revokeToken({ accountsUrl: BASE, fetch: fetcher, token: grant.refreshToken });
  await assert.rejects(refreshAccessToken(refresh), ZohoReconnectNeeded);
  assert.equal((await controls.calls()).revoke, 1);
});
