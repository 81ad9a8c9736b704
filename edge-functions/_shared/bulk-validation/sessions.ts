// A user's bulk sessions, read and deleted as that user (RLS decides; every query also names the user, since an
// admin's rights would otherwise reach other people's sessions).
import { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import type { Tables } from "../database.types.ts";
import { asUser } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import { type BulkSession, bulkSessionStatusSchema } from "./contract.ts";

const sessionRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  file_name: z.string(),
  created_at: z.date(),
  status: bulkSessionStatusSchema,
  upload_complete: z.boolean(),
  total_emails: z.number(),
  skipped_rows: z.number(),
  processed_emails: z.number(),
  valid_count: z.number(),
  invalid_count: z.number(),
  warning_count: z.number(),
  mailbox_pending: z.number(),
  started_at: z.date().nullable(),
  completed_at: z.date().nullable(),
  expires_at: z.date().nullable(),
  error: z.string().nullable(),
} satisfies Partial<Record<keyof Tables<"bulk_validation_sessions">, z.ZodType>>).extend({
  api_key_name: z.string().nullable(),
});
const sessionColumns = Object.keys(sessionRowSchema.shape).filter((column) => column !== "api_key_name");

function sessionFromRow(row: unknown): BulkSession {
  const session = sessionRowSchema.parse(row);
  return {
    id: session.id,
    name: session.name,
    fileName: session.file_name,
    createdAt: session.created_at.toISOString(),
    status: session.status,
    uploadComplete: session.upload_complete,
    skippedRows: session.skipped_rows,
    totalEmails: session.total_emails,
    processedEmails: session.processed_emails,
    validCount: session.valid_count,
    invalidCount: session.invalid_count,
    warningCount: session.warning_count,
    mailboxPendingEmails: session.mailbox_pending,
    startedAt: session.started_at?.toISOString() ?? null,
    completedAt: session.completed_at?.toISOString() ?? null,
    expiresAt: session.expires_at?.toISOString() ?? null,
    error: session.error,
    apiKeyName: session.api_key_name,
  };
}

/** GET /api/bulk-validation/sessions: newest first. */
export async function listBulkSessions(claims: AccessTokenClaims): Promise<BulkSession[]> {
  // The key's name as the owner reads it (RLS), so a key the owner may no longer read names nothing.
  const rows = await asUser(claims, (sql) => sql`
    select ${sql(sessionColumns.map((column) => `s.${column}`))}, k.key_name as api_key_name
    from public.bulk_validation_sessions as s
    left join public.api_keys as k on k.id = s.api_key_id
    where s.user_id = ${claims.sub}
    order by s.created_at desc, s.id
  `);
  return rows.map(sessionFromRow);
}

/**
 * DELETE /api/bulk-validation/sessions/{id}: the session goes with its rows, items and chunks. A worker holding one
 * of its chunks finds its lease gone and stores nothing: deleting is how a running job is cancelled.
 */
export async function deleteBulkSession(claims: AccessTokenClaims, sessionId: string): Promise<void> {
  const deleted = await asUser(claims, (sql) => sql`
    delete from public.bulk_validation_sessions where id = ${sessionId} and user_id = ${claims.sub} returning id
  `);
  if (deleted.length === 0) throw new DomainError("bulk_session_not_found");
}
