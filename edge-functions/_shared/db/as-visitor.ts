// Runs queries as an anonymous visitor, the way PostgREST does for a request with only the anon key: inside one
// transaction, as the `anon` role, so RLS shows exactly what a visitor may see. Transaction-local, like asUser().
import type postgres from "postgres";
import { database } from "./pool.ts";

/** A transaction whose queries run with an anonymous visitor's rights. */
export type VisitorSql = postgres.TransactionSql;

export async function asVisitor<T>(work: (sql: VisitorSql) => Promise<T>): Promise<T> {
  return await database().begin(async (sql) => {
    // One statement, as in becomeUser(): set_config('role', ..., true) is `set local role`.
    await sql`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`;
    return await work(sql);
    // As in asUser(): postgres.js types begin()'s result as "T with any promises in an array awaited".
  }) as T;
}
