// The Auth (GoTrue) stand-in: the subset of GoTrue's HTTP API that supabase-js calls, on our Postgres's auth schema.
// The gateway mounts it at /auth/v1 and adds CORS.
import { Hono } from "hono";
import { repoRoot } from "../cli/paths.ts";
import { loadAuthConfig } from "./config.ts";
import { errorResponse, notFound } from "./errors.ts";
import type { AuthOptions } from "./options.ts";
import { adminRoutes } from "./routes/admin.ts";
import { metaRoutes } from "./routes/meta.ts";
import { signupRoutes } from "./routes/signup.ts";
import { tokenRoutes } from "./routes/token.ts";
import { userRoutes } from "./routes/user.ts";
import { verifyRoutes } from "./routes/verify.ts";

export type { AuthOptions } from "./options.ts";

export function createAuthApp(given: Omit<AuthOptions, "config"> & { config?: AuthOptions["config"] }): Hono {
  const options: AuthOptions = { ...given, config: given.config ?? loadAuthConfig(repoRoot) };
  const app = new Hono();
  app.route("/", metaRoutes());
  app.route("/", signupRoutes(options));
  app.route("/", tokenRoutes(options));
  app.route("/", userRoutes(options));
  app.route("/", verifyRoutes(options));
  app.route("/", adminRoutes(options));
  // Registered last so it only answers what no route above matched, also once mounted under /auth/v1.
  app.all("*", () => {
    throw notFound("not_found", "Not Found");
  });
  app.onError(errorResponse);
  return app;
}
