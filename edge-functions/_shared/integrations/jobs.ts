// POST /api/integrations/validate-bulk: up to INTEGRATIONS_INLINE_MAX addresses are validated at once and answered
// with their verdicts, paid for as the SPA's validations are (a unit each). More become a bulk validation job made by
// the bulk feature's own upload, so it is metered, limited, worked and broadcast exactly as a file from the bulk page,
// on which its owner sees it under the key's name. Knows nothing of HTTP.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { meteredRequest } from "../billing/index.ts";
import { appendBulkPart, deleteBulkSession, startBulkValidation } from "../bulk-validation/index.ts";
import { DomainError } from "../errors.ts";
import { checkMailbox } from "../mailbox/index.ts";
import { emailValidator, recordValidation, type ValidationResult } from "../validation/index.ts";
import { checkCallbackUrl } from "../webhooks/index.ts";
import {
  type BulkJobAccepted,
  INTEGRATIONS_BULK_MAX,
  INTEGRATIONS_INLINE_MAX,
  type validateBulkRequestSchema,
} from "./contract.ts";
import { claimIdempotency, releaseIdempotency } from "./idempotency.ts";
import { jobStatusName, jobStatusUrl } from "./jobs-links.ts";
import { attachJob } from "./privileged-jobs.ts";

export type ValidateBulk = z.output<typeof validateBulkRequestSchema>;

/** Who calls: the key's owner (whose rights and balance the call uses) and the key. */
export interface KeyCaller {
  claims: AccessTokenClaims;
  keyId: string;
  keyName: string;
}

/** Inline verdicts, or the job; `replayed` when an Idempotency-Key named a job started before (nothing new charged). */
export type ValidateBulkAnswer = { results: ValidationResult[] } | { job: BulkJobAccepted; replayed: boolean };

/** An Idempotency-Key applies to calls that become jobs: an inline answer is the whole of its work. */
export async function validateBulk(
  caller: KeyCaller,
  request: ValidateBulk,
  idempotencyKey: string | null,
): Promise<ValidateBulkAnswer> {
  if (request.emails.length > INTEGRATIONS_BULK_MAX) throw new DomainError("integrations_bulk_too_many");
  if (request.emails.length <= INTEGRATIONS_INLINE_MAX) {
    return { results: await validateInline(caller.claims.sub, request.emails.map(emailOf)) };
  }
  return await startJob(caller, request, idempotencyKey);
}

function emailOf(entry: ValidateBulk["emails"][number]): string {
  return typeof entry === "string" ? entry : entry.email;
}

/**
 * Each address as POST /api/validate-email answers it, with the same mailbox check (waited for a few seconds, else
 * answered `smtp: pending` with the probe's id to poll), cached and logged the same way; a unit each.
 */
async function validateInline(userId: string, emails: string[]): Promise<ValidationResult[]> {
  return await meteredRequest(userId, "validation", () =>
    Promise.all(emails.map(async (email) => {
      const result = await checkMailbox(await emailValidator()(email), userId);
      await recordValidation(result, { userId, sessionId: null });
      return result;
    })), emails.length);
}

/**
 * The job: its session opened with every row but not yet committed, marked with the key and callbackUrl (so even a job
 * done the moment it starts calls back), then committed by an empty final part, which meters its addresses and starts
 * the workers. A commit that is refused (no credits, no addresses) takes the session away again.
 */
async function startJob(
  caller: KeyCaller,
  request: ValidateBulk,
  idempotencyKey: string | null,
): Promise<{ job: BulkJobAccepted; replayed: boolean }> {
  const { claims } = caller;
  if (request.callbackUrl !== undefined) await checkCallbackUrl(request.callbackUrl);
  if (idempotencyKey !== null) {
    const started = await claimIdempotency(claims.sub, idempotencyKey, request);
    // The final part is sent again: a no-op for a committed upload, the commit for one whose first call died midway.
    if (started !== null) return { job: await commit(claims, started), replayed: true };
  }
  let sessionId: string | null = null;
  try {
    const opened = await startBulkValidation(claims, {
      emailsWithData: request.emails.map((entry) => typeof entry === "string" ? { email: entry } : entry),
      sessionName: request.name ?? `API: ${caller.keyName}`,
      fileName: `api-${new Date().toISOString().replaceAll(":", "-")}.csv`,
      final: false,
    });
    sessionId = opened.sessionId;
    await attachJob({
      userId: claims.sub,
      sessionId,
      keyId: caller.keyId,
      callbackUrl: request.callbackUrl ?? null,
      idempotencyKey,
    });
    return { job: await commit(claims, sessionId), replayed: false };
  } catch (error) {
    await undoStart(claims, sessionId, idempotencyKey);
    throw error;
  }
}

/**
 * A job that did not start leaves nothing behind: its session goes (a cancel, giving back whatever was charged) and
 * its Idempotency-Key is freed, so the call may be sent again. The caller hears the start's failure, not this one's.
 */
async function undoStart(claims: AccessTokenClaims, sessionId: string | null, idempotencyKey: string | null) {
  try {
    if (sessionId !== null) await deleteBulkSession(claims, sessionId);
    if (idempotencyKey !== null) await releaseIdempotency(claims.sub, idempotencyKey);
  } catch (error) {
    console.error(`undoing the start of job ${sessionId ?? "(none)"} of user ${claims.sub} failed:`, error);
  }
}

async function commit(claims: AccessTokenClaims, sessionId: string): Promise<BulkJobAccepted> {
  const committed = await appendBulkPart(claims, sessionId, { part: 1, emailsWithData: [], final: true });
  return { jobId: sessionId, status: jobStatusName(committed.status), statusUrl: jobStatusUrl(sessionId) };
}
