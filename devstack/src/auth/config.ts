// What supabase/config.toml says about Auth, read as the Supabase CLI hands it to GoTrue: the password minimum
// (GOTRUE_PASSWORD_MIN_LENGTH) and the before-user-created hook (GOTRUE_HOOK_BEFORE_USER_CREATED_*). Only a Postgres
// function hook ("pg-functions://<database>/<schema>/<function>") is supported: HTTP hooks need signing secrets that
// a local stack has no use for.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "smol-toml";
import { z } from "zod";

/** A Postgres function Auth calls with the event as its one jsonb argument. */
export interface PgFunctionHook {
  schema: string;
  name: string;
}

export interface AuthConfig {
  minimumPasswordLength: number;
  beforeUserCreated: PgFunctionHook | null;
}

// GoTrue's own default when config.toml says nothing.
export const GOTRUE_DEFAULT_MINIMUM_PASSWORD_LENGTH = 6;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const PG_FUNCTIONS_URI = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/;

const hookTable = z.object({ enabled: z.boolean().default(false), uri: z.string().default("") });

const configFile = z.object({
  auth: z
    .object({
      minimum_password_length: z.number().int().min(1).default(GOTRUE_DEFAULT_MINIMUM_PASSWORD_LENGTH),
      hook: z.object({ before_user_created: hookTable.optional() }).default({}),
    })
    .default({ minimum_password_length: GOTRUE_DEFAULT_MINIMUM_PASSWORD_LENGTH, hook: {} }),
});

/** Auth's settings from a config.toml's text. */
export function parseAuthConfig(toml: string, where = "config.toml"): AuthConfig {
  const parsed = configFile.safeParse(parse(toml));
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`${where}: ${issues}`);
  }
  const { auth } = parsed.data;
  const hook = auth.hook.before_user_created;
  let beforeUserCreated: PgFunctionHook | null = null;
  if (hook?.enabled) {
    const match = PG_FUNCTIONS_URI.exec(hook.uri);
    if (!match || !IDENTIFIER.test(match[1]!) || !IDENTIFIER.test(match[2]!)) {
      throw new Error(
        `${where}: auth.hook.before_user_created.uri must be pg-functions://<database>/<schema>/<function>, not ${hook.uri}`,
      );
    }
    beforeUserCreated = { schema: match[1]!, name: match[2]! };
  }
  return { minimumPasswordLength: auth.minimum_password_length, beforeUserCreated };
}

/** Auth's settings from the project's supabase/config.toml. */
export function loadAuthConfig(projectDir: string): AuthConfig {
  const path = join(projectDir, "supabase", "config.toml");
  return parseAuthConfig(readFileSync(path, "utf8"), path);
}
