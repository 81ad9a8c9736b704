// A user's Zoho connection: its status, the consent round trip (connect, then Zoho's callback), the Self Client
// shortcut for the admin, the connection test, and disconnecting (which also revokes the token at Zoho).
import { isAdmin } from "../accounts/index.ts";
import type { SignedIn } from "../auth/index.ts";
import { DomainError } from "../errors.ts";
import { siteUrl } from "../marketing/index.ts";
import { missingZohoSettings, zohoSettings } from "./config.ts";
import {
  type ConnectRequest,
  type CrmCallbackError,
  type CrmConnection,
  CRM_DEFAULT_RETURN_TO,
  notConfiguredMessage,
  type TestConnection,
} from "./contract.ts";
import { createOAuthState, consumeOAuthState } from "./privileged-oauth-states.ts";
import {
  type Integration,
  integrationOf,
  removeConnection,
  storeConnection,
  storeOrgId,
} from "./privileged-connections.ts";
import { zohoClientFor } from "./zoho-session.ts";
import { ZohoReconnectNeeded, ZohoUnavailable } from "./zoho/errors.ts";
import { trustedAccountsHost, trustedApiHost } from "./zoho/hosts.ts";
import { consentUrl, exchangeCode, revokeToken } from "./zoho/oauth.ts";

function requireConfigured(): void {
  const missing = missingZohoSettings();
  if (missing.length > 0) throw new DomainError("crm_not_configured", { missing });
}

/** GET /api/crm/zoho: the caller's connection, never a token. */
export async function connectionOf(caller: SignedIn): Promise<CrmConnection> {
  const integration = await integrationOf(caller.userId);
  return {
    status: integration?.status ?? "not_connected",
    configured: missingZohoSettings().length === 0,
    orgId: integration?.orgId ?? null,
    accountsHost: integration?.accountsHost ?? null,
    apiHost: integration?.apiHost ?? null,
    connectedAt: integration?.connectedAt?.toISOString() ?? null,
    lastSyncAt: integration?.lastSyncAt?.toISOString() ?? null,
  };
}

/**
 * The admin's integration from the operator's Self Client token, made on first use: the operator generated that token
 * for their own Zoho account, so it stands for the admin's consent. Anyone else, or no such token: null.
 */
async function selfClientIntegration(caller: SignedIn): Promise<Integration | null> {
  const settings = zohoSettings();
  if (settings.selfClientRefreshToken === null || !(await isAdmin(caller.claims))) return null;
  return await storeConnection(caller.userId, {
    orgId: null,
    accountsHost: settings.accountsUrl,
    apiHost: settings.apiUrl,
    accessToken: null,
    refreshToken: settings.selfClientRefreshToken,
    expiresAt: null,
  });
}

/** The caller's integration, ready to sync: connected, or 409 saying what is missing. */
export async function usableIntegration(caller: SignedIn): Promise<Integration> {
  requireConfigured();
  const integration = await integrationOf(caller.userId) ?? await selfClientIntegration(caller);
  if (!integration) throw new DomainError("crm_not_connected");
  if (integration.status === "needs_reconnect") throw new DomainError("crm_needs_reconnect");
  return integration;
}

/** A same-site URL to land on: the path with ?zoho=connected, or ?zoho=error&reason=... */
function landing(returnTo: string | null, outcome: { error: CrmCallbackError } | "connected"): string {
  const url = new URL(returnTo ?? CRM_DEFAULT_RETURN_TO, `${siteUrl()}/`);
  if (outcome === "connected") url.searchParams.set("zoho", "connected");
  else {
    url.searchParams.set("zoho", "error");
    url.searchParams.set("reason", outcome.error);
  }
  return url.toString();
}

/** POST /api/crm/zoho/connect: Zoho's consent page, with a state bound to the caller. */
export async function connectUrl(caller: SignedIn, request: Required<ConnectRequest>): Promise<{ url: string }> {
  requireConfigured();
  const settings = zohoSettings();
  // An admin's Self Client connects at once: the browser goes straight back, connected.
  if (!(await integrationOf(caller.userId)) && await selfClientIntegration(caller)) {
    return { url: landing(request.returnTo, "connected") };
  }
  const state = await createOAuthState(caller.userId, "zoho", request.returnTo);
  return {
    url: consentUrl({
      accountsUrl: settings.accountsUrl,
      clientId: settings.clientId,
      redirectUri: settings.redirectUri,
      state,
    }),
  };
}

export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
  accountsServer?: string;
}

/**
 * GET /api/crm/zoho/callback: where Zoho sends the browser back. The state names the user (the browser brings no JWT);
 * the code is exchanged only at an accounts server on Zoho's list (or the configured one), and tokens are kept only
 * for an API domain on it. Answers where to send the browser.
 */
export async function finishConsent(query: CallbackQuery): Promise<string> {
  if (!query.state) return landing(null, { error: "invalid_state" });
  const consumed = await consumeOAuthState(query.state);
  if (!consumed.ok) return landing(consumed.returnTo, { error: consumed.reason });
  const fail = (error: CrmCallbackError) => landing(consumed.returnTo, { error });
  if (query.error || !query.code) return fail("denied");
  if (missingZohoSettings().length > 0) return fail("exchange_failed");
  const settings = zohoSettings();
  const accountsHost = trustedAccountsHost(query.accountsServer ?? settings.accountsUrl, settings.accountsUrl);
  if (!accountsHost) return fail("untrusted_host");
  let granted;
  try {
    granted = await exchangeCode({
      accountsUrl: accountsHost,
      credentials: { clientId: settings.clientId, clientSecret: settings.clientSecret },
      redirectUri: settings.redirectUri,
      code: query.code,
    });
  } catch (error) {
    console.error("Zoho refused or failed the code exchange:", error);
    return fail("exchange_failed");
  }
  const apiHost = trustedApiHost(granted.apiDomain, settings.apiUrl);
  if (!apiHost) return fail("untrusted_host");
  const integration = await storeConnection(consumed.userId, {
    orgId: null,
    accountsHost,
    apiHost,
    accessToken: granted.accessToken,
    refreshToken: granted.refreshToken,
    expiresAt: new Date(Date.now() + granted.expiresIn * 1000),
  });
  await recordOrganization(integration).catch((error) => {
    // The connection stands: the organisation is learnt again at the next test.
    console.error("Reading the Zoho organisation after consent failed:", error);
  });
  return landing(consumed.returnTo, "connected");
}

async function recordOrganization(integration: Integration): Promise<{ id: string; name: string }> {
  const organization = await zohoClientFor(integration).organization();
  await storeOrgId(integration.id, organization.id);
  return organization;
}

/** GET …/test-connection: one call to Zoho with the stored token (refreshed when due). */
export async function testConnection(caller: SignedIn): Promise<TestConnection> {
  const missing = missingZohoSettings();
  if (missing.length > 0) return { success: false, configured: false, message: notConfiguredMessage(missing) };
  const integration = await integrationOf(caller.userId) ?? await selfClientIntegration(caller);
  if (!integration) throw new DomainError("crm_not_connected");
  try {
    const organization = await recordOrganization(integration);
    return { success: true, configured: true, message: `Connected to ${organization.name}`, orgName: organization.name };
  } catch (error) {
    if (error instanceof ZohoReconnectNeeded) {
      return { success: false, configured: true, message: "Zoho refused the connection: reconnect to Zoho CRM" };
    }
    if (error instanceof ZohoUnavailable) {
      return { success: false, configured: true, message: "Zoho CRM could not be reached. Please try again later." };
    }
    throw error;
  }
}

/** DELETE /api/crm/zoho: revokes the token at Zoho (best effort) and forgets the connection; idempotent. */
export async function disconnect(caller: SignedIn): Promise<void> {
  const removed = await removeConnection(caller.userId);
  if (!removed) return;
  // A token that Zoho cannot revoke now is useless to us all the same: the row and its ciphertext are gone.
  await revokeToken({ accountsUrl: removed.accountsHost, token: removed.refreshToken }).catch((error) => {
    console.error("Revoking the Zoho token failed:", error);
  });
}
