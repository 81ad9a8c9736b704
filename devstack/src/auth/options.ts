import type postgres from "postgres";
import type { AuthEmailSettings } from "./mailer.ts";
import type { TokenSettings } from "./tokens.ts";

/** What the gateway gives the Auth stand-in: the database (as superuser, like GoTrue's own role) and JWT settings. */
export interface AuthOptions extends TokenSettings {
  sql: postgres.Sql;
  /** The mailer and its settings; without them, anything that needs a mail (an email change) fails as unsendable. */
  email?: AuthEmailSettings;
}
