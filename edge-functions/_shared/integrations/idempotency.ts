// An Idempotency-Key on validate-bulk names the job its first call started, for IDEMPOTENCY_KEY_HOURS: a client that
// lost the answer and sends the call again gets that job back and is not charged again. The key is claimed before the
// job starts, so two calls with one key at once start one job between them (the second hears that the first is still
// at it); the same key with another body is refused, since answering with a job for other addresses would mislead.
import { DomainError } from "../errors.ts";
import { claimIdempotencyKey, releaseIdempotencyKey } from "./privileged-jobs.ts";

/** sha-256 (hex) of the checked request: a body differing only in spacing or key order is the same request. */
export async function requestHash(request: unknown): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(request)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Claims `key` for `request`: null when this call is to start the job (then attach it, or release the key if it cannot
 * start), else the id of the job the key already started.
 */
export async function claimIdempotency(userId: string, key: string, request: unknown): Promise<string | null> {
  const claim = await claimIdempotencyKey(userId, key, await requestHash(request));
  switch (claim.outcome) {
    case "claimed":
      return null;
    case "replay":
      return claim.sessionId;
    case "mismatch":
      throw new DomainError("idempotency_key_reused");
    case "in_progress":
      throw new DomainError("idempotency_key_in_progress");
  }
}

/** Frees a claimed key whose job did not start, so the client may send the call again with it. */
export async function releaseIdempotency(userId: string, key: string): Promise<void> {
  await releaseIdempotencyKey(userId, key);
}
