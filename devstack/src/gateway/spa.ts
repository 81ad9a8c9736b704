// The built web app (web/dist) at the gateway's root. Files are served as they are; any other path without a file
// extension is a client route of the SPA (/contacts, /auth, /login...) and gets index.html, where the router takes over.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import type { MiddlewareHandler } from "hono";

export function spa(webDist: string): MiddlewareHandler {
  const index = join(webDist, "index.html");
  // Created on first use: web/dist may be built after the gateway starts.
  let files: MiddlewareHandler | undefined;
  let fallback: MiddlewareHandler | undefined;
  return async (c, next) => {
    if (!existsSync(index)) {
      return c.text("The web app is not built: run `npm run build -w web` (npm start builds it) and reload.", 503);
    }
    files ??= serveStatic({ root: webDist });
    fallback ??= serveStatic({ path: index });
    const served = await files(c, async () => {});
    if (served) return served;
    const lastSegment = c.req.path.slice(c.req.path.lastIndexOf("/") + 1);
    if (lastSegment.includes(".")) return next();
    return fallback(c, async () => {});
  };
}
