// Every api answer carries the security headers (_shared/contracts/security-headers.ts), errors and 404s included.
import type { MiddlewareHandler } from "hono";
import { isHttps, securityHeaders } from "../../_shared/contracts/security-headers.ts";

export function withSecurityHeaders(supabaseUrl: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = securityHeaders({
      supabaseUrl,
      https: isHttps(c.req.url, c.req.header("x-forwarded-proto")),
    });
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
