// Bulk validation's SQL functions (migrations/*_bulk_validation_jobs.sql), called on the functions' own connection:
// uploads write rows only through them, and workers claim, complete and release chunks through them, past RLS (API
// roles may not even execute them). The only module of this feature that reaches past RLS; reads for the user (the
// session list, the download) go through as-user instead, so RLS decides.
import type postgres from "postgres";
import { database } from "../db/pool.ts";
import type { ChunkItem, ItemResult } from "./chunk-validation.ts";
import type { BulkRowRecord } from "./rows.ts";

/** One call's rows and counts, as private.bulk_append_part takes them. */
export interface PartInput {
  part: number;
  rows: BulkRowRecord[];
  skipped: number;
  bytes: number;
  final: boolean;
}

export interface NewSession {
  userId: string;
  name: string;
  fileName: string;
  columns: string[] | null;
  maxActive: number;
}

/** Opens a session and stores its first part in one transaction: a refused part leaves no session behind. */
export async function openSessionWithPart(session: NewSession, part: PartInput): Promise<unknown> {
  return await database().begin(async (sql) => {
    const [opened] = await sql<{ id: string }[]>`
      select private.bulk_open_session(
        ${session.userId}, ${session.name}, ${session.fileName}, ${session.columns}::text[], ${session.maxActive}
      ) as id
    `;
    return await appendWith(sql, session.userId, opened!.id, part);
  });
}

/** Stores a further part of the user's session (idempotent by part number). */
export async function appendPart(userId: string, sessionId: string, part: PartInput): Promise<unknown> {
  return await database().begin((sql) => appendWith(sql, userId, sessionId, part));
}

async function appendWith(sql: postgres.TransactionSql, userId: string, sessionId: string, part: PartInput): Promise<unknown> {
  const [row] = await sql<{ answer: unknown }[]>`
    select private.bulk_append_part(
      ${userId}, ${sessionId}, ${part.part}, ${sql.json(part.rows as never)}, ${part.skipped}, ${part.bytes},
      ${part.final}
    ) as answer
  `;
  return row!.answer;
}

/** A leased chunk, as private.bulk_claim_chunk hands it out. */
export interface ClaimedChunk {
  sessionId: string;
  chunkNo: number;
  leaseToken: string;
  attempt: number;
  phase: 1 | 2;
  items: ChunkItem[];
}

export async function claimChunk(leaseSeconds: number): Promise<ClaimedChunk | null> {
  const [row] = await database()<{
    session_id: string;
    chunk_no: number;
    lease_token: string;
    attempt: number;
    phase: 1 | 2;
    items: ChunkItem[] | null;
  }[]>`select * from private.bulk_claim_chunk(${leaseSeconds})`;
  if (!row) return null;
  return {
    sessionId: row.session_id,
    chunkNo: row.chunk_no,
    leaseToken: row.lease_token,
    attempt: row.attempt,
    phase: row.phase,
    items: row.items ?? [],
  };
}

/** Whether the session is still there: one deleted (cancelled) meanwhile asks for no mailbox probes. */
export async function sessionExists(sessionId: string): Promise<boolean> {
  const [row] = await database()<{ found: boolean }[]>`
    select exists (select from public.bulk_validation_sessions as s where s.id = ${sessionId}) as found
  `;
  return row?.found ?? false;
}

/** Stores the chunk's results with the session's counters; false when the lease was lost (nothing written). */
export async function completeChunk(chunk: ClaimedChunk, results: ItemResult[]): Promise<boolean> {
  const [row] = await database()<{ stored: boolean }[]>`
    select private.bulk_complete_chunk(
      ${chunk.sessionId}, ${chunk.chunkNo}, ${chunk.leaseToken}, ${database().json(results as never)}
    ) as stored
  `;
  return row!.stored;
}

export async function releaseChunk(chunk: ClaimedChunk, reason: string): Promise<void> {
  await database()`
    select private.bulk_release_chunk(${chunk.sessionId}, ${chunk.chunkNo}, ${chunk.leaseToken}, ${reason})
  `;
}

/** Extends the chunk's lease to `seconds` from now; false when it was lost (nothing changed). */
export async function renewLease(chunk: ClaimedChunk, seconds: number): Promise<boolean> {
  const [row] = await database()<{ renewed: boolean }[]>`
    select private.bulk_renew_lease(${chunk.sessionId}, ${chunk.chunkNo}, ${chunk.leaseToken}, ${seconds}) as renewed
  `;
  return row!.renewed;
}

/** Milliseconds until a chunk may be claimed (0: now), or null when no chunk waits or is leased. */
export async function claimableInMs(): Promise<number | null> {
  const [row] = await database()<{ seconds: number | null }[]>`
    select private.bulk_seconds_until_claimable() as seconds
  `;
  return row!.seconds === null ? null : Math.ceil(row!.seconds * 1000);
}
