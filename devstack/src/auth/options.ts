import type postgres from "postgres";
import type { TokenSettings } from "./tokens.ts";

/** What the gateway gives the Auth stand-in: the database (as superuser, like GoTrue's own role) and JWT settings. */
export interface AuthOptions extends TokenSettings {
  sql: postgres.Sql;
}
