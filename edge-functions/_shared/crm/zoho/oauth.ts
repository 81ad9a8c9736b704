// Zoho's OAuth 2.0 for a server-based client, at the user's accounts server: the consent URL (offline access, so a
// refresh token comes back), the authorization_code grant, the refresh_token grant and revocation. The token endpoint
// answers a refused grant with HTTP 200 and {error}; a refused refresh means the user must consent again.
import { z } from "zod";
import { ZohoGrantRefused, ZohoReconnectNeeded, ZohoUnavailable } from "./errors.ts";

/** What the sync needs: contacts (search, upsert, tags), COQL lookups, and the organisation for Test Connection. */
export const ZOHO_SCOPES = ["ZohoCRM.modules.contacts.ALL", "ZohoCRM.coql.READ", "ZohoCRM.org.READ"] as const;

const CALL_TIMEOUT_MS = 15_000;

export interface ZohoClientCredentials {
  clientId: string;
  clientSecret: string;
}

interface AccountsCall {
  /** The accounts server's origin, trusted beforehand (hosts.ts). */
  accountsUrl: string;
  fetch?: typeof fetch;
}

export interface ZohoGrant {
  accessToken: string;
  /** Present on the authorization_code grant only. */
  refreshToken: string | null;
  /** Where the user's CRM answers; check it with trustedApiHost before sending a token there. */
  apiDomain: string;
  expiresIn: number;
}

const grantSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  api_domain: z.string().min(1),
  expires_in: z.number().int().positive(),
});
const refusalSchema = z.object({ error: z.string().min(1) });

export function consentUrl(input: { accountsUrl: string; clientId: string; redirectUri: string; state: string }): string {
  const query = new URLSearchParams({
    scope: ZOHO_SCOPES.join(","),
    client_id: input.clientId,
    response_type: "code",
    access_type: "offline",
    // Zoho gives a refresh token only on a consent screen the user answered.
    prompt: "consent",
    redirect_uri: input.redirectUri,
    state: input.state,
  });
  return `${input.accountsUrl.replace(/\/+$/, "")}/oauth/v2/auth?${query}`;
}

async function post(call: AccountsCall, path: string, form: Record<string, string>): Promise<unknown> {
  let response: Response;
  try {
    response = await (call.fetch ?? fetch)(`${call.accountsUrl.replace(/\/+$/, "")}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ZohoUnavailable(`Zoho's accounts server could not be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (response.status >= 500) throw new ZohoUnavailable(`Zoho's accounts server answered ${response.status}`);
  try {
    return JSON.parse(text);
  } catch {
    throw new ZohoUnavailable(`Zoho's accounts server answered ${response.status} without JSON`);
  }
}

function grantOf(answer: unknown): ZohoGrant {
  const refusal = refusalSchema.safeParse(answer);
  if (refusal.success) throw new ZohoGrantRefused(refusal.data.error);
  const grant = grantSchema.safeParse(answer);
  if (!grant.success) throw new ZohoUnavailable("Zoho's accounts server answered a grant without an access token");
  return {
    accessToken: grant.data.access_token,
    refreshToken: grant.data.refresh_token ?? null,
    apiDomain: grant.data.api_domain,
    expiresIn: grant.data.expires_in,
  };
}

/** The code from Zoho's redirect for tokens; throws ZohoGrantRefused (invalid_code...) when Zoho refuses. */
export async function exchangeCode(
  input: AccountsCall & { credentials: ZohoClientCredentials; redirectUri: string; code: string },
): Promise<ZohoGrant & { refreshToken: string }> {
  const grant = grantOf(
    await post(input, "/oauth/v2/token", {
      grant_type: "authorization_code",
      client_id: input.credentials.clientId,
      client_secret: input.credentials.clientSecret,
      redirect_uri: input.redirectUri,
      code: input.code,
    }),
  );
  if (grant.refreshToken === null) throw new ZohoUnavailable("Zoho granted no refresh token (offline access was not given)");
  return { ...grant, refreshToken: grant.refreshToken };
}

/**
 * A new access token from the refresh token. Zoho refusing the refresh token (invalid_code: revoked or lapsed) is
 * ZohoReconnectNeeded; refusing the client (invalid_client: the operator's settings) stays a ZohoGrantRefused, since
 * consenting again would not help.
 */
export async function refreshAccessToken(
  input: AccountsCall & { credentials: ZohoClientCredentials; refreshToken: string },
): Promise<ZohoGrant> {
  try {
    return grantOf(
      await post(input, "/oauth/v2/token", {
        grant_type: "refresh_token",
        client_id: input.credentials.clientId,
        client_secret: input.credentials.clientSecret,
        refresh_token: input.refreshToken,
      }),
    );
  } catch (error) {
    if (error instanceof ZohoGrantRefused && error.error !== "invalid_client") throw new ZohoReconnectNeeded();
    throw error;
  }
}

/** Revokes a refresh token (and the access tokens made from it) when the user disconnects. */
export async function revokeToken(input: AccountsCall & { token: string }): Promise<void> {
  await post(input, "/oauth/v2/token/revoke", { token: input.token });
}
