// The operator's Zoho settings (README "Zoho CRM"), read from the functions' environment: the OAuth client, where Zoho
// sends the browser back, the data centre's base URLs and the optional Self Client token.
import { env } from "../env.ts";
import { siteUrl } from "../marketing/index.ts";

export interface ZohoSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  accountsUrl: string;
  apiUrl: string;
  /** A Self Client's refresh token, or null: with one, the admin's integration needs no consent. */
  selfClientRefreshToken: string | null;
}

/** The path Zoho's consent returns to, under the site's /api. */
export const ZOHO_CALLBACK_PATH = "/api/crm/zoho/callback";

/** The settings an operator left unset, by their environment names: without them nobody can connect. */
export function missingZohoSettings(): string[] {
  const settings = env();
  return (["ZOHO_CLIENT_ID", "ZOHO_CLIENT_SECRET"] as const).filter((name) => settings[name].trim() === "");
}

export function zohoSettings(): ZohoSettings {
  const settings = env();
  return {
    clientId: settings.ZOHO_CLIENT_ID.trim(),
    clientSecret: settings.ZOHO_CLIENT_SECRET.trim(),
    redirectUri: settings.ZOHO_REDIRECT_URI ?? `${siteUrl()}${ZOHO_CALLBACK_PATH}`,
    accountsUrl: settings.ZOHO_ACCOUNTS_URL.replace(/\/+$/, ""),
    apiUrl: settings.ZOHO_API_URL.replace(/\/+$/, ""),
    selfClientRefreshToken: settings.ZOHO_REFRESH_TOKEN.trim() || null,
  };
}
