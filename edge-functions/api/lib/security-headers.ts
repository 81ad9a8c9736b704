// Every api answer carries the security headers (_shared/contracts/security-headers.ts), errors and 404s included.
import type { MiddlewareHandler } from "hono";
import { securityHeadersOf } from "../../_shared/contracts/security-headers.ts";

export function withSecurityHeaders(supabaseUrl: string | undefined): MiddlewareHandler {
  const headersFor = securityHeadersOf(supabaseUrl);
  return async (c, next) => {
    await next();
    for (const [name, value] of headersFor(c.req.url, c.req.header("x-forwarded-proto"))) c.res.headers.set(name, value);
  };
}
