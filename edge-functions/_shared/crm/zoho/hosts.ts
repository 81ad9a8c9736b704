// Where a Zoho token may be sent. Zoho's redirect names the user's accounts server and its token answer names the API
// domain; both come through the browser or the network, so they are trusted only when they are one of Zoho's
// documented data centres (https), or the base the operator configured (devstack's fake, a sandbox).

export interface ZohoDataCentre {
  /** The `location` Zoho's redirect names. */
  location: string;
  accounts: string;
  api: string;
}

/** Zoho's multi-DC list: each data centre's accounts server and CRM API domain. */
export const ZOHO_DATA_CENTRES: readonly ZohoDataCentre[] = [
  { location: "us", accounts: "https://accounts.zoho.com", api: "https://www.zohoapis.com" },
  { location: "eu", accounts: "https://accounts.zoho.eu", api: "https://www.zohoapis.eu" },
  { location: "in", accounts: "https://accounts.zoho.in", api: "https://www.zohoapis.in" },
  { location: "au", accounts: "https://accounts.zoho.com.au", api: "https://www.zohoapis.com.au" },
  { location: "cn", accounts: "https://accounts.zoho.com.cn", api: "https://www.zohoapis.com.cn" },
  { location: "jp", accounts: "https://accounts.zoho.jp", api: "https://www.zohoapis.jp" },
  { location: "ca", accounts: "https://accounts.zohocloud.ca", api: "https://www.zohoapis.ca" },
  { location: "sa", accounts: "https://accounts.zoho.sa", api: "https://www.zohoapis.sa" },
  { location: "uk", accounts: "https://accounts.zoho.uk", api: "https://www.zohoapis.uk" },
];

/** The origin of a bare server URL (no path, query, fragment or credentials), or null for anything else. */
function serverOrigin(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  const bare = (parsed.pathname === "/" || parsed.pathname === "") && !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
  return bare && (parsed.protocol === "https:" || parsed.protocol === "http:") ? parsed.origin : null;
}

function trusted(url: string, base: string, listed: readonly string[]): string | null {
  const origin = serverOrigin(url);
  if (origin === null) return null;
  return listed.includes(origin) || origin === serverOrigin(base.replace(/\/+$/, "")) ? origin : null;
}

/** The accounts server's origin when it may receive our client secret and tokens; null when it may not. */
export function trustedAccountsHost(url: string, base: string): string | null {
  return trusted(url, base, ZOHO_DATA_CENTRES.map((centre) => centre.accounts));
}

/** The API domain's origin when it may receive an access token; null when it may not. */
export function trustedApiHost(url: string, base: string): string | null {
  return trusted(url, base, ZOHO_DATA_CENTRES.map((centre) => centre.api));
}
