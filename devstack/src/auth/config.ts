// What supabase/config.toml says about Auth, read once as the Supabase CLI hands it to GoTrue: the password minimum
// (GOTRUE_PASSWORD_MIN_LENGTH), the before-user-created hook (GOTRUE_HOOK_BEFORE_USER_CREATED_*) and the mailer's
// [auth.email] keys (GOTRUE_MAILER_*). Only a Postgres
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
  email: {
    /** GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED ([auth.email] double_confirm_changes): confirm from both addresses. */
    secureEmailChange: boolean;
    /** GOTRUE_MAILER_OTP_EXP ([auth.email] otp_expiry): how long a mailed link works. */
    otpExpirySeconds: number;
    /** GOTRUE_SMTP_MAX_FREQUENCY ([auth.email] max_frequency): the least time between two mails to one user. */
    maxFrequencySeconds: number;
  };
}

// GoTrue's own default when config.toml says nothing.
export const GOTRUE_DEFAULT_MINIMUM_PASSWORD_LENGTH = 6;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_$]*$/;
const PG_FUNCTIONS_URI = /^pg-functions:\/\/[^/]+\/([^/]+)\/([^/]+)$/;

const hookTable = z.object({ enabled: z.boolean().default(false), uri: z.string().default("") });

// Go durations as the CLI's config takes them ("1s", "60s", "1m", "1h0m0s").
const goDuration = z.string().transform((value, ctx) => {
  const parts = [...value.matchAll(/(\d+)(h|m|s)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join("") !== value) {
    ctx.addIssue({ code: "custom", message: `"${value}" is not a duration such as "60s"` });
    return z.NEVER;
  }
  const unit = { h: 3600, m: 60, s: 1 } as const;
  return parts.reduce((sum, [, amount, u]) => sum + Number(amount) * unit[u as keyof typeof unit], 0);
});

// GoTrue's defaults where config.toml says nothing.
const emailTable = z.object({
  double_confirm_changes: z.boolean().default(true),
  otp_expiry: z.number().int().positive().default(3600),
  max_frequency: goDuration.default(60),
});

const authTable = z.object({
  minimum_password_length: z.number().int().min(1).default(GOTRUE_DEFAULT_MINIMUM_PASSWORD_LENGTH),
  hook: z.object({ before_user_created: hookTable.optional() }).default({}),
  email: emailTable.default(emailTable.parse({})),
});

const configFile = z.object({ auth: authTable.default(authTable.parse({})) });

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
  return {
    minimumPasswordLength: auth.minimum_password_length,
    beforeUserCreated,
    email: {
      secureEmailChange: auth.email.double_confirm_changes,
      otpExpirySeconds: auth.email.otp_expiry,
      maxFrequencySeconds: auth.email.max_frequency,
    },
  };
}

/** Auth's settings from the project's supabase/config.toml. */
export function loadAuthConfig(projectDir: string): AuthConfig {
  const path = join(projectDir, "supabase", "config.toml");
  return parseAuthConfig(readFileSync(path, "utf8"), path);
}
