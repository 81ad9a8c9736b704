// devstack's fake Zoho inside the test's own process, connected as a user would be: consent, the code exchanged for
// tokens, and a client whose every call goes to the fake's app through its fetch. Nothing listens on a port and
// nothing waits: the client's sleeps move a virtual clock the fake also reads, so Retry-After windows, token lifetimes
// and backoffs play out exactly.
import { ZOHO_TEST_CLIENT, zohoFake } from "../../../../../devstack/src/zoho/index.ts";
import { zohoFakeControls } from "../../../../../devstack/src/zoho/testing.ts";
import { createZohoClient, type TokenSource } from "../client.ts";
import { consentUrl, exchangeCode, refreshAccessToken } from "../oauth.ts";

export const FAKE_ZOHO_BASE = "http://zoho.in-process.test";
export const REDIRECT_URI = "http://localhost:54321/functions/v1/api/crm/zoho/callback";
export const CREDENTIALS = { clientId: ZOHO_TEST_CLIENT.id, clientSecret: ZOHO_TEST_CLIENT.secret };

export async function connectedFakeZoho() {
  const time = { now: Date.UTC(2026, 10, 27, 12, 0, 0) };
  const { app } = zohoFake({ base: FAKE_ZOHO_BASE, clock: () => time.now });
  const fetcher: typeof fetch = (input, init) => Promise.resolve(app.fetch(new Request(input, init)));
  const controls = zohoFakeControls(FAKE_ZOHO_BASE, fetcher);
  const consent = consentUrl({ accountsUrl: FAKE_ZOHO_BASE, clientId: CREDENTIALS.clientId, redirectUri: REDIRECT_URI, state: "state" });
  const code = new URL(await controls.consent(consent, "accept")).searchParams.get("code")!;
  const grant = await exchangeCode({ accountsUrl: FAKE_ZOHO_BASE, fetch: fetcher, credentials: CREDENTIALS, redirectUri: REDIRECT_URI, code });

  // The token store's part, minus the database: refresh once per rejected token, as the row-locked store does.
  let accessToken = grant.accessToken;
  const tokens: TokenSource = {
    current: () => Promise.resolve(accessToken),
    refreshAfterRejected: async (rejected) => {
      if (rejected === accessToken) {
        const refreshed = await refreshAccessToken({ accountsUrl: FAKE_ZOHO_BASE, fetch: fetcher, credentials: CREDENTIALS, refreshToken: grant.refreshToken });
        accessToken = refreshed.accessToken;
      }
      return accessToken;
    },
  };
  const waits: number[] = [];
  const client = createZohoClient({
    apiBase: grant.apiDomain,
    tokens,
    fetch: fetcher,
    sleep: (ms) => {
      time.now += ms;
      return Promise.resolve();
    },
    random: () => 0.5,
    onWait: (ms) => void waits.push(ms),
    now: () => time.now,
  });
  return { client, controls, time, waits, fetcher, grant };
}
