// Private channels are authorised by the project's RLS policies on realtime.messages, checked exactly as Supabase's
// Realtime checks them (realtime lib/realtime/tenants/authorization.ex): in a transaction that is always rolled back,
// as the token's role with the claims set where auth.uid() and auth.jwt() read them and realtime.topic() naming the
// channel. Read: probe rows are inserted with full rights, then selected as the user; each one the user sees grants
// read on its extension. Write: a row inserted as the user; SQLSTATE 42501 (no grant, or a policy's check) means no.
import { randomUUID } from "node:crypto";
import type { ReservedSql, Sql } from "postgres";
import type { Claims } from "./tokens.ts";

export type Extension = "broadcast" | "presence";

export interface AuthorizationContext {
  /** The subtopic: the channel's topic without "realtime:". */
  topic: string;
  claims: Claims;
  /** The socket's x- headers, which Realtime hands to policies as request.headers. */
  headers: Record<string, string>;
}

/** Which extensions the user may read on the topic; only those asked about are checked. */
export async function readableExtensions(
  sql: Sql,
  context: AuthorizationContext,
  extensions: Extension[],
): Promise<Set<Extension>> {
  return rolledBack(sql, async (transaction) => {
    const probes = extensions.map((extension) => ({ id: randomUUID(), topic: context.topic, extension }));
    await transaction`insert into realtime.messages ${transaction(probes, "id", "topic", "extension")}`;
    await actAs(transaction, context);
    const seen = await transaction<{ id: string }[]>`
      select id from realtime.messages where id in ${transaction(probes.map((probe) => probe.id))}
    `;
    const seenIds = new Set(seen.map((row) => row.id));
    return new Set(probes.filter((probe) => seenIds.has(probe.id)).map((probe) => probe.extension));
  });
}

export async function mayWrite(sql: Sql, context: AuthorizationContext, extension: Extension): Promise<boolean> {
  return rolledBack(sql, async (transaction) => {
    await actAs(transaction, context);
    try {
      await transaction`insert into realtime.messages (topic, extension) values (${context.topic}, ${extension})`;
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === "42501") return false;
      throw error;
    }
  });
}

/** What Realtime sets, transaction-local, before a check (authorization.ex set_conn_config). */
async function actAs(transaction: ReservedSql, { topic, claims, headers }: AuthorizationContext): Promise<void> {
  await transaction`
    select
      set_config('role', ${claims.role}, true),
      set_config('realtime.topic', ${topic}, true),
      set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
      set_config('request.jwt.claim.sub', ${claims.sub ?? ""}, true),
      set_config('request.jwt.claim.role', ${claims.role}, true),
      set_config('request.headers', ${JSON.stringify(headers)}, true)
  `;
}

/** Runs `check` in a transaction on a connection of its own and rolls it back whatever happens. */
async function rolledBack<T>(sql: Sql, check: (transaction: ReservedSql) => Promise<T>): Promise<T> {
  const connection = await sql.reserve();
  try {
    await connection`begin`;
    return await check(connection);
  } finally {
    await connection`rollback`.catch(() => {});
    connection.release();
  }
}
