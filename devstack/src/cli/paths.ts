// Where things live, resolved from this file so every command works from any working directory.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = resolve(fileURLToPath(new URL("../../..", import.meta.url)));

export const paths = {
  repoRoot,
  /** The project's settings and their defaults; see settings.ts. */
  envExample: join(repoRoot, ".env.example"),
  envFile: join(repoRoot, ".env"),
  /** This machine's SECRETS_ENCRYPTION_KEY when .env sets none (machine-secrets-key.ts); never committed. */
  secretsKeyFile: join(repoRoot, ".devstack/secrets-encryption-key"),
  /** The dev stack's fake Stripe signs webhooks with this secret (machine-secrets-key.ts); never committed. */
  stripeWebhookSecretFile: join(repoRoot, ".devstack/stripe-webhook-secret"),
  /** This machine's VAPID key pair when .env sets none (machine-secrets-key.ts); never committed. */
  vapidKeysFile: join(repoRoot, ".devstack/vapid-keys"),
  bootstrapSql: join(repoRoot, "devstack/sql/bootstrap.sql"),
  serveFunction: join(repoRoot, "devstack/deno/serve-function.ts"),
  webDir: join(repoRoot, "web"),
  webDist: join(repoRoot, "web/dist"),
  deno: join(repoRoot, "node_modules/.bin/deno"),
  supabase: join(repoRoot, "node_modules/.bin/supabase"),
  vite: join(repoRoot, "node_modules/.bin/vite"),
  /** Debian's postgresql-15 package puts the server binaries here, outside PATH. */
  postgresBin: "/usr/lib/postgresql/15/bin",
};

/** The private data directories: the dev stack's persists, the test stack's is thrown away on every run. */
export const dataDirs = {
  dev: join(repoRoot, ".devstack/dev"),
  test: join(repoRoot, ".devstack/test"),
};
