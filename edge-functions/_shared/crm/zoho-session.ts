// A user's integration as a working Zoho client: the operator's OAuth client refreshes the integration's tokens
// through the token store, and calls go to the API domain the integration was connected with.
import { zohoSettings } from "./config.ts";
import { type Integration, integrationTokens, type Refresh } from "./privileged-connections.ts";
import { createZohoClient, type ZohoClient } from "./zoho/client.ts";
import { refreshAccessToken } from "./zoho/oauth.ts";

/** A refresh-token grant with the operator's client, at the integration's accounts server. */
export const refreshWithOperatorClient: Refresh = async (accountsHost, refreshToken) => {
  const settings = zohoSettings();
  const granted = await refreshAccessToken({
    accountsUrl: accountsHost,
    credentials: { clientId: settings.clientId, clientSecret: settings.clientSecret },
    refreshToken,
  });
  return { accessToken: granted.accessToken, expiresAt: new Date(Date.now() + granted.expiresIn * 1000) };
};

/** `onWait(ms)`: Zoho asked the client to wait (a 429); a worker extends its lease for that long. */
export function zohoClientFor(integration: Integration, onWait?: (ms: number) => Promise<void> | void): ZohoClient {
  return createZohoClient({
    apiBase: integration.apiHost,
    tokens: integrationTokens(integration, refreshWithOperatorClient),
    onWait,
  });
}
