// One small connection pool per function instance. Edge functions run as many short-lived instances, each holding
// its own pool, so a handful of connections each keeps the database's connection budget safe.
import postgres from "postgres";
import { env } from "../env.ts";

let pool: postgres.Sql | undefined;

export function database(): postgres.Sql {
  pool ??= postgres(env().SUPABASE_DB_URL, {
    max: 3,
    // Supabase's pooler (Supavisor, transaction mode) cannot keep named prepared statements across transactions.
    prepare: false,
    idle_timeout: 20,
    connect_timeout: 10,
    connection: { application_name: "mailscout-edge" },
  });
  return pool;
}
