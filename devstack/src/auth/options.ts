import type postgres from "postgres";
import type { AuthConfig } from "./config.ts";
import type { AuthEmailSettings } from "./mailer.ts";
import type { TokenSettings } from "./tokens.ts";

/**
 * What the gateway gives the Auth stand-in: the database (as superuser, like GoTrue's own role), JWT settings and
 * config.toml's Auth settings (read from the project unless given).
 */
export interface AuthOptions extends TokenSettings {
  sql: postgres.Sql;
  config: AuthConfig;
  /** The mailer and its settings; without them, anything that needs a mail (an email change) fails as unsendable. */
  email?: AuthEmailSettings;
}
