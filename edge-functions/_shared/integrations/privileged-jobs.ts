// The SQL functions of jobs started through the public API (migrations/*_integration_jobs.sql), on the privileged
// connection: the Idempotency-Key bookkeeping, which no API role reads, and marking a session with the key that started
// it, which no API role may write. Everything else a job does goes through the bulk feature, as the owner.
import { database } from "../db/pool.ts";

export type IdempotencyClaim =
  | { outcome: "claimed" }
  | { outcome: "replay"; sessionId: string }
  | { outcome: "mismatch" }
  | { outcome: "in_progress" };

export async function claimIdempotencyKey(userId: string, key: string, requestHash: string): Promise<IdempotencyClaim> {
  const [row] = await database()<{ outcome: IdempotencyClaim["outcome"]; session_id: string | null }[]>`
    select * from private.integration_claim_idempotency(${userId}, ${key}, ${requestHash})
  `;
  return row!.outcome === "replay" ? { outcome: "replay", sessionId: row!.session_id! } : { outcome: row!.outcome } as
    IdempotencyClaim;
}

export async function releaseIdempotencyKey(userId: string, key: string): Promise<void> {
  await database()`select private.integration_release_idempotency(${userId}, ${key})`;
}

export interface JobOrigin {
  userId: string;
  sessionId: string;
  keyId: string;
  callbackUrl: string | null;
  idempotencyKey: string | null;
}

/** Marks the session, still uploading, as the key's job (and the claimed Idempotency-Key's). */
export async function attachJob(origin: JobOrigin): Promise<void> {
  await database()`
    select private.integration_attach_job(
      ${origin.userId}, ${origin.sessionId}, ${origin.keyId}, ${origin.callbackUrl}, ${origin.idempotencyKey}
    )
  `;
}
