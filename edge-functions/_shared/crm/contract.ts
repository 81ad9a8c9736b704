// The CRM sync contract shared by the api function and the SPA: a user's own Zoho CRM connection, the saved contacts
// they may push to it, single and bulk syncs (a bulk run is a background job with live progress), and its counters.
// The admin's paths under /api/admin/zoho act on the admin's own connection; every user has the same under
// /api/crm/zoho, plus connect, callback and disconnect.
import { z } from "zod";
import { text } from "../contracts/text.ts";

export const CRM_TYPES = ["zoho"] as const;
export type CrmType = (typeof CRM_TYPES)[number];

/** A bulk sync of at most this many contacts is answered inline; more start a background run (202). */
export const CRM_INLINE_SYNC_MAX = 100;
/** The most contact ids one bulk-sync request may name (a larger selection is sent as a filter). */
export const CRM_BULK_SYNC_MAX_IDS = 10_000;
/** Zoho's limits: records per upsert call, and addresses per COQL "Email in (...)" lookup. */
export const ZOHO_UPSERT_BATCH = 100;
export const ZOHO_LOOKUP_BATCH = 50;
/** The tag invalid addresses get in Zoho when tagging is on, and lose once valid. */
export const ZOHO_INVALID_TAG = "MailScout Invalid Email";
/** How long an OAuth state stays usable. */
export const CRM_OAUTH_STATE_MINUTES = 10;

/** not_connected has no row; needs_reconnect: Zoho refused the refresh token (revoked, expired), so consent is due. */
export const CRM_CONNECTION_STATUSES = ["not_connected", "connected", "needs_reconnect"] as const;
export type CrmConnectionStatus = (typeof CRM_CONNECTION_STATUSES)[number];

/** GET /api/crm/zoho (and /api/admin/zoho/connection): the caller's connection, never a token. */
export const crmConnectionSchema = z.object({
  status: z.enum(CRM_CONNECTION_STATUSES),
  /** Whether the operator set ZOHO_CLIENT_ID and ZOHO_CLIENT_SECRET; without them nobody can connect. */
  configured: z.boolean(),
  orgId: z.string().nullable(),
  accountsHost: z.string().nullable(),
  apiHost: z.string().nullable(),
  connectedAt: z.string().nullable(),
  lastSyncAt: z.string().nullable(),
});
export type CrmConnection = z.infer<typeof crmConnectionSchema>;

/**
 * GET …/test-connection: success when Zoho answered a call with the stored token. configured false means the client
 * id or secret is unset (the message names which), and the screen shows the notice about environment variables.
 */
export const testConnectionSchema = z.object({
  success: z.boolean(),
  configured: z.boolean(),
  message: z.string(),
  /** The CRM organisation's name when the call succeeded. */
  orgName: z.string().nullable().optional(),
});
export type TestConnection = z.infer<typeof testConnectionSchema>;

/** Where the browser lands after the consent when connect names no returnTo. */
export const CRM_DEFAULT_RETURN_TO = "/account/integrations";

/** POST /api/crm/zoho/connect's optional body: a path on this site to come back to (never another site). */
export const connectRequestSchema = z.object({
  returnTo: text({ error: "returnTo must be text" })
    .max(500, "returnTo must be at most 500 characters")
    .regex(/^\/(?![/\\])[^\s\\]*$/, "returnTo must be a path on this site, starting with a single /")
    .default(CRM_DEFAULT_RETURN_TO),
});
export type ConnectRequest = z.input<typeof connectRequestSchema>;

/** What test-connection and connect say when the operator left settings unset (their environment names). */
export function notConfiguredMessage(missing: readonly string[]): string {
  return `Zoho CRM is not configured: set ${missing.join(" and ")} in the functions' environment`;
}

/** POST /api/crm/zoho/connect: where to send the browser for Zoho's consent (state bound to the caller, 10 minutes). */
export const connectAnswerSchema = z.object({ url: z.string() });

/**
 * GET /api/crm/zoho/callback?code=&state=&accounts-server=&location=: Zoho's redirect. It answers 302 to
 * `returnTo` with ?zoho=connected, or ?zoho=error&reason=<one of these>.
 */
export const CRM_CALLBACK_ERRORS = ["denied", "expired_state", "invalid_state", "untrusted_host", "exchange_failed"] as
  const;
export type CrmCallbackError = (typeof CRM_CALLBACK_ERRORS)[number];

export const SYNC_FILTERS = ["all", "valid", "invalid"] as const;
export const syncFilterSchema = z.enum(SYNC_FILTERS, { error: `filter must be one of ${SYNC_FILTERS.join(", ")}` });
export type SyncFilter = z.infer<typeof syncFilterSchema>;

/** GET …/sync-candidates?filter=&q=&page=&pageSize= (pageSize 1-200, default 50). */
export const syncCandidatesQuerySchema = z.object({
  filter: syncFilterSchema.default("all"),
  q: text({ error: "q must be text" }).trim().max(254, "q must be at most 254 characters").optional(),
  page: z.coerce.number({ error: "page must be a number" }).int().min(1, "page must be 1 or more").default(1),
  pageSize: z.coerce
    .number({ error: "pageSize must be a number" })
    .int()
    .min(1, "pageSize must be 1 or more")
    .max(200, "pageSize must be at most 200")
    .default(50),
});
export type SyncCandidatesQuery = z.infer<typeof syncCandidatesQuerySchema>;

export const SYNC_OUTCOMES = ["created", "updated", "skipped", "failed"] as const;
export const syncOutcomeSchema = z.enum(SYNC_OUTCOMES);
export type SyncOutcome = z.infer<typeof syncOutcomeSchema>;

/**
 * A Zoho candidate: one of the caller's saved contacts, in the spec's snake_case, with validity from the address's
 * latest validation (null: never validated), and how its last sync went (null: never synced).
 */
export const syncCandidateSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  company: z.string().nullable(),
  phone_number: z.string().nullable(),
  mobile_number: z.string().nullable(),
  is_valid: z.boolean().nullable(),
  deliverability_score: z.number().int().min(0).max(100).nullable(),
  last_sync: z
    .object({
      outcome: syncOutcomeSchema,
      zoho_id: z.string().nullable(),
      tagged: z.boolean(),
      message: z.string().nullable(),
      synced_at: z.string(),
    })
    .nullable(),
});
export type SyncCandidate = z.infer<typeof syncCandidateSchema>;

export const syncCandidatesPageSchema = z.object({
  contacts: z.array(syncCandidateSchema),
  /** Every candidate the filter matches: "Select all N matching". */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type SyncCandidatesPage = z.infer<typeof syncCandidatesPageSchema>;

/** GET …/sync-stats: the caller's counters from sync items; the admin's are platform totals. */
export const syncStatsSchema = z.object({
  total_syncs: z.number().int().min(0),
  contacts_created: z.number().int().min(0),
  contacts_updated: z.number().int().min(0),
  contacts_skipped: z.number().int().min(0),
  /** created + updated + skipped. */
  successful_syncs: z.number().int().min(0),
  failed_syncs: z.number().int().min(0),
});
export type SyncStats = z.infer<typeof syncStatsSchema>;

export const syncOptionsSchema = z.object({
  tagInvalidEmails: z.boolean({ error: "tagInvalidEmails must be true or false" }).default(false),
  overwriteExisting: z.boolean({ error: "overwriteExisting must be true or false" }).default(false),
});
export type SyncOptions = z.output<typeof syncOptionsSchema>;

/** POST …/sync-contact/{contactId}: one contact, inline. */
export const syncContactRequestSchema = syncOptionsSchema;
export const syncContactResultSchema = z.object({
  contactId: z.number().int().positive(),
  outcome: syncOutcomeSchema,
  zohoId: z.string().nullable(),
  tagged: z.boolean(),
  /** Zoho's message on a failure, or why nothing was sent on a skip. */
  message: z.string().nullable(),
});
export type SyncContactResult = z.infer<typeof syncContactResultSchema>;

/** POST …/bulk-sync: the selected ids, or every candidate the filter matches ("Select all N matching"). */
export const bulkSyncRequestSchema = syncOptionsSchema
  .extend({
    contactIds: z
      .array(z.number({ error: "contactIds must be numbers" }).int().positive(), {
        error: "contactIds must be a list of contact ids",
      })
      .min(1, "No contacts selected")
      .max(CRM_BULK_SYNC_MAX_IDS, `At most ${CRM_BULK_SYNC_MAX_IDS} contacts per request: sync by filter instead`)
      .optional(),
    filter: syncFilterSchema.optional(),
  })
  .refine((body) => (body.contactIds === undefined) !== (body.filter === undefined), {
    message: "Send contactIds or a filter, not both",
    path: ["contactIds"],
  });
export type BulkSyncRequest = z.input<typeof bulkSyncRequestSchema>;

/** 200: at most CRM_INLINE_SYNC_MAX contacts, synced inline. */
export const bulkSyncInlineResultSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
});
/** 202: a background run; follow it at …/sync-runs/{jobId} and on its Realtime topic. */
export const bulkSyncStartedSchema = z.object({ jobId: z.string() });

export const SYNC_RUN_STATUSES = ["pending", "running", "completed", "failed", "paused"] as const;
export const syncRunStatusSchema = z.enum(SYNC_RUN_STATUSES);
export type SyncRunStatus = z.infer<typeof syncRunStatusSchema>;

/** GET …/sync-runs/{jobId} (and the latest, GET …/sync-runs?limit=10): a run's progress. */
export const syncRunSchema = z.object({
  jobId: z.string(),
  status: syncRunStatusSchema,
  total: z.number().int().min(0),
  processed: z.number().int().min(0),
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  skipped: z.number().int().min(0),
  failed: z.number().int().min(0),
  options: z.object({ tagInvalidEmails: z.boolean(), overwriteExisting: z.boolean() }),
  /** Why a run paused (Zoho's daily credits spent) or failed. */
  message: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

/** GET …/sync-runs?limit=: how many of the latest runs (1-50, default 10). */
export const syncRunsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1, "limit must be 1 or more")
    .max(50, "limit must be at most 50")
    .default(10),
});

/**
 * GET …/sync-runs/{jobId}/report.csv: one row per contact of the run, in this column order. The file's name is
 * zoho-sync-<jobId>.csv.
 */
export const SYNC_REPORT_COLUMNS = ["email", "outcome", "zoho_id", "tagged", "message", "synced_at"] as const;

/** The Realtime topic a run's progress is broadcast on (private: its owner and admins may join). */
export function crmSyncTopic(jobId: string): string {
  return `crm-sync:${jobId}`;
}
/** The broadcast event of a progress message; its payload is a syncRunSchema. */
export const CRM_SYNC_PROGRESS_EVENT = "progress";
