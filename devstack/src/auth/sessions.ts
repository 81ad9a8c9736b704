// Sessions (auth.sessions, the access token's session_id) and their rotating refresh tokens (auth.refresh_tokens,
// GoTrue's v1 scheme: opaque random strings chained by `parent`).
import { randomInt } from "node:crypto";
import type postgres from "postgres";
import { type Db, INSTANCE_ID } from "./db.ts";
import { badRequest } from "./errors.ts";
import { decideRefresh } from "./rotation.ts";

export interface SessionRow {
  id: string;
  user_id: string;
  created_at: Date;
  aal: string | null;
}

export interface IssuedSession {
  session: SessionRow;
  refreshToken: string;
}

/** Starts a session for a user who just proved who they are, with its first refresh token. */
export async function createSession(db: Db, userId: string): Promise<IssuedSession> {
  const [session] = await db<SessionRow[]>`
    insert into auth.sessions (id, user_id, created_at, updated_at, aal)
    values (gen_random_uuid(), ${userId}, now(), now(), 'aal1')
    returning id, user_id, created_at, aal`;
  if (!session) throw new Error("insert into auth.sessions returned no row");
  const refreshToken = await insertRefreshToken(db, session, null);
  return { session, refreshToken };
}

export async function findSession(db: Db, id: string): Promise<SessionRow | null> {
  const [session] = await db<SessionRow[]>`select id, user_id, created_at, aal from auth.sessions where id = ${id}`;
  return session ?? null;
}

/**
 * Trades a refresh token for the session's next one under the rotation rules. Runs in its own transaction with the
 * token's and session's rows locked, so concurrent refreshes of one session queue up instead of both rotating.
 */
export async function refreshSession(sql: postgres.Sql, presentedToken: string): Promise<IssuedSession> {
  const outcome = await sql.begin(async (tx): Promise<IssuedSession | "reused"> => {
    const [presented] = await tx<(SessionRow & { token_id: string; revoked: boolean; updated_at: Date })[]>`
      select rt.id as token_id, rt.revoked, rt.updated_at, s.id, s.user_id, s.created_at, s.aal
      from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
      where rt.token = ${presentedToken}
      for update of rt, s`;
    if (!presented) {
      throw badRequest("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    }
    const session: SessionRow = {
      id: presented.id,
      user_id: presented.user_id,
      created_at: presented.created_at,
      aal: presented.aal,
    };
    const [active] = await tx<{ token: string; parent: string | null }[]>`
      select token, parent from auth.refresh_tokens
      where session_id = ${session.id} and revoked = false
      order by id desc limit 1`;
    const decision = decideRefresh(
      { token: presentedToken, revoked: presented.revoked, updatedAt: presented.updated_at },
      active ?? null,
      new Date(),
    );
    switch (decision.action) {
      case "reject-reuse":
        // Ends the session: its refresh tokens go (on delete cascade) and its access tokens get session_not_found.
        await tx`delete from auth.sessions where id = ${session.id}`;
        return "reused";
      case "answer-active":
        await touchSession(tx, session.id);
        return { session, refreshToken: decision.token };
      case "rotate":
        await tx`update auth.refresh_tokens set revoked = true, updated_at = now() where id = ${presented.token_id}`;
        await touchSession(tx, session.id);
        return { session, refreshToken: await insertRefreshToken(tx, session, presentedToken) };
    }
  });
  // Thrown after the commit, so ending the session sticks.
  if (outcome === "reused") {
    throw badRequest("refresh_token_already_used", "Invalid Refresh Token: Already Used");
  }
  return outcome;
}

export type LogoutScope = "global" | "local" | "others";

/** Ends sessions as POST /logout's scope says; their refresh tokens go with them (on delete cascade). */
export async function endSessions(db: Db, userId: string, sessionId: string | null, scope: LogoutScope) {
  if (sessionId === null || scope === "global") {
    await db`delete from auth.sessions where user_id = ${userId}`;
  } else if (scope === "local") {
    await db`delete from auth.sessions where id = ${sessionId}`;
  } else {
    await db`delete from auth.sessions where user_id = ${userId} and id <> ${sessionId}`;
  }
}

async function touchSession(db: Db, sessionId: string): Promise<void> {
  // refreshed_at is a timestamp without time zone in GoTrue's schema, written in UTC.
  await db`
    update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = ${sessionId}`;
}

async function insertRefreshToken(db: Db, session: SessionRow, parent: string | null): Promise<string> {
  const token = randomRefreshToken();
  await db`
    insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
    values (${INSTANCE_ID}, ${token}, ${session.user_id}, false, now(), now(), ${parent},
      ${session.id})`;
  return token;
}

// GoTrue's v1 refresh tokens are 12 random lower-case letters and digits; the client treats them as opaque.
const TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
function randomRefreshToken(): string {
  return Array.from({ length: 12 }, () => TOKEN_ALPHABET[randomInt(TOKEN_ALPHABET.length)]).join("");
}
