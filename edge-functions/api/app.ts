// The `api` function: one Hono app for the whole /api surface. The gateway (and Supabase's SPA hosting rewrite) sends
// /api/* to /functions/v1/api/*, and the function sees the path from /api on, hence the basePath.
import { Hono } from "hono";
import { cors } from "hono/cors";
import { env } from "../_shared/env.ts";
import { notFound, onError } from "./lib/errors.ts";
import { authRoutes } from "./routes/auth/auth.routes.ts";

export function createApp() {
  // Parse the environment now, so a misconfigured deployment fails at start-up naming the variable.
  env();

  const app = new Hono().basePath("/api");
  // Browsers may call the function directly (functions/v1/api) from the SPA's origin. Callers authenticate with a
  // bearer header, never a cookie, so any origin may ask and no credentials mode is needed. The SPA reads the token
  // from the Authorization response header, which a browser hides from scripts unless it is exposed.
  app.use(cors({ origin: "*", exposeHeaders: ["Authorization"] }));
  app.notFound(notFound);
  app.onError(onError);

  app.route("/", authRoutes);
  return app;
}
