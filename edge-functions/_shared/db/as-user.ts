// Runs queries as the signed-in user, the way PostgREST does: inside one transaction, switch to the `authenticated`
// role and publish the token's claims as `request.jwt.claims`, so auth.uid(), auth.jwt() and every RLS policy see
// exactly what they would see behind Supabase's REST API. Both settings are transaction-local (`set local`,
// set_config(..., true)), so they vanish when the connection goes back to the pool.
import type postgres from "postgres";
import type { AccessTokenClaims } from "../auth/index.ts";
import { database } from "./pool.ts";
import { streamWithin } from "./stream.ts";

/** A transaction whose queries run with the user's rights; RLS decides what it may see and change. */
export type UserSql = postgres.TransactionSql;

export async function asUser<T>(claims: AccessTokenClaims, work: (sql: UserSql) => Promise<T>): Promise<T> {
  return await database().begin(async (sql) => {
    await becomeUser(sql, claims);
    return await work(sql);
    // postgres.js types begin()'s result as "T with any promises in an array awaited"; work already awaits its own.
  }) as T;
}

/** Makes the rest of the transaction run as the user (a test that arranges data as the superuser first uses it too). */
export async function becomeUser(sql: postgres.TransactionSql, claims: AccessTokenClaims): Promise<void> {
  // One statement, as PostgREST does it: set_config('role', ..., true) is `set local role`, and a round trip fewer on
  // every request a user makes.
  await sql`
    select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true)
  `;
}

/** A byte stream produced inside one transaction as the user, read through a cursor (see stream.ts). */
export function streamAsUser(
  claims: AccessTokenClaims,
  produce: (sql: UserSql) => AsyncIterable<string>,
): ReadableStream<Uint8Array> {
  return streamWithin((work) => asUser(claims, work), produce);
}
