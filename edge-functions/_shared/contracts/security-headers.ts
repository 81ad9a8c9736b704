// The security headers of every answer: the SPA's (devstack's gateway; the production host's _headers, README) and the
// api function's. One builder for both, plain TypeScript with no imports, so Deno and Node load the same file.

/** Seconds a browser keeps to https once it has seen Strict-Transport-Security (two years, as preload lists ask). */
const HSTS_MAX_AGE = 63_072_000;

/**
 * Features the app never uses, denied to it and to anything it might embed. The clipboard stays allowed: the app
 * copies results with navigator.clipboard.
 */
export const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), " +
  "magnetometer=(), microphone=(), midi=(), payment=(), serial=(), usb=(), browsing-topics=()";

/**
 * The Content-Security-Policy: scripts only from the app's own files (no inline script, no eval), connections to
 * the app itself and to the Supabase project (API and Realtime's websocket). Styles allow 'unsafe-inline' because
 * Radix's dialogs inject a <style> element to lock scrolling; no script can run through a style.
 */
export function contentSecurityPolicy(supabaseUrl: string | undefined): string {
  const connect = ["'self'", ...supabaseOrigins(supabaseUrl)];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The project's origin and the same host over ws/wss (Realtime), or none when there is no valid URL. */
function supabaseOrigins(supabaseUrl: string | undefined): string[] {
  if (!supabaseUrl) return [];
  let url: URL;
  try {
    url = new URL(supabaseUrl);
  } catch {
    return [];
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return [];
  const socket = `${url.protocol === "https:" ? "wss:" : "ws:"}//${url.host}`;
  return [url.origin, socket];
}

/**
 * Whether the client reached us over https: the request URL says so, or the proxy in front that ended TLS does
 * (X-Forwarded-Proto, first value).
 */
export function isHttps(requestUrl: string, forwardedProto: string | null | undefined): boolean {
  const proto = forwardedProto?.split(",")[0]?.trim().toLowerCase();
  if (proto) return proto === "https";
  return requestUrl.startsWith("https:");
}

export interface SecurityHeaderOptions {
  /** SUPABASE_URL: where the SPA's API calls and Realtime socket go. */
  supabaseUrl: string | undefined;
  /** HSTS is sent only over https: over http a browser ignores it, and a local http stack must stay reachable. */
  https: boolean;
}

export function securityHeaders({ supabaseUrl, https }: SecurityHeaderOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(supabaseUrl),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    // For browsers without CSP frame-ancestors.
    "X-Frame-Options": "DENY",
    ...(https ? { "Strict-Transport-Security": `max-age=${HSTS_MAX_AGE}; includeSubDomains` } : {}),
  };
}

/**
 * The headers for one deployment, built once: per request only the scheme is looked at. `headersFor` takes the
 * request URL and its X-Forwarded-Proto.
 */
export function securityHeadersOf(supabaseUrl: string | undefined) {
  const overHttps = Object.entries(securityHeaders({ supabaseUrl, https: true }));
  const overHttp = Object.entries(securityHeaders({ supabaseUrl, https: false }));
  return (requestUrl: string, forwardedProto: string | null | undefined): [string, string][] =>
    isHttps(requestUrl, forwardedProto) ? overHttps : overHttp;
}
