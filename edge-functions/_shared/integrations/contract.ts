// The public API's contract (/api/integrations/*): what a script holding an API key sends and gets back. Validation and
// exploration answers are the SPA's own (/api/validate-email, /api/scrape-domain); a bulk call of more than
// INTEGRATIONS_INLINE_MAX addresses becomes a bulk validation job the owner also sees on their bulk validation page.
// Every error has one shape, with the request's id, so a support question can name the call.
import { z } from "zod";
import { text } from "../contracts/text.ts";
import { BULK_EMAIL_MAX_LENGTH, BULK_NAME_MAX_LENGTH, bulkRowSchema } from "../contracts/bulk-validation.ts";
import { smtpCheckSchema } from "../contracts/mailbox.ts";
import { verdictSchema, VERDICTS } from "../contracts/validation.ts";
import { webhookEventNameSchema } from "../contracts/api-keys.ts";

/** Addresses one validate-bulk call may carry; more answer 413 with INTEGRATIONS_BULK_TOO_MANY_MESSAGE. */
export const INTEGRATIONS_BULK_MAX = 1_000;
export const INTEGRATIONS_BULK_TOO_MANY_MESSAGE = `At most ${INTEGRATIONS_BULK_MAX.toLocaleString("en")} emails per call`;
/** Up to this many are validated inline (200 {results}); more become a job (202). */
export const INTEGRATIONS_INLINE_MAX = 50;
export const INTEGRATIONS_CALLBACK_URL_MAX_LENGTH = 2_000;
/** An Idempotency-Key names the same job for this long. */
export const IDEMPOTENCY_KEY_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const API_KEY_HEADER = "X-API-Key";
export const REQUEST_ID_HEADER = "X-Request-Id";
/** Query parameters a key is refused in (logs and proxies keep URLs). */
export const API_KEY_QUERY_PARAMETERS = ["api_key", "key", "apikey"] as const;

/** The 401 messages, one per cause; each answer also carries WWW-Authenticate: Bearer. */
export const API_KEY_MISSING_MESSAGE = "API key missing";
export const API_KEY_INVALID_MESSAGE = "API key invalid";
export const API_KEY_REVOKED_MESSAGE = "API key revoked";
export const API_KEY_EXPIRED_MESSAGE = "API key expired";
/** A sign-in token where a key belongs. */
export const USE_AN_API_KEY_MESSAGE = "Use an API key";
export const API_KEY_IN_QUERY_MESSAGE = "Send the API key in the Authorization or X-API-Key header, never in the URL";

/** The one error shape of /api/integrations/*. */
export const integrationsErrorSchema = z.object({
  message: z.string(),
  /** Stable, machine-readable: e.g. api_key_invalid, rate_limited, validation_failed, insufficient_credits. */
  code: z.string(),
  details: z.unknown().optional(),
  requestId: z.string(),
});
export type IntegrationsError = z.infer<typeof integrationsErrorSchema>;

/** An entry of validate-bulk: an address, or a row shaped like start-enhanced's. */
export const bulkEntrySchema = z.union([
  text({ error: "each entry must be an address or a row with an email" })
    .trim()
    .min(1, "must not be empty")
    .max(BULK_EMAIL_MAX_LENGTH, `must be at most ${BULK_EMAIL_MAX_LENGTH} characters`),
  bulkRowSchema.omit({ cells: true }).extend({
    email: text({ error: "email must be text" })
      .trim()
      .min(1, "email must not be empty")
      .max(BULK_EMAIL_MAX_LENGTH, `email must be at most ${BULK_EMAIL_MAX_LENGTH} characters`),
  }),
], { error: "must be an address or a row with an email" });
export type BulkEntry = z.input<typeof bulkEntrySchema>;

/**
 * POST /api/integrations/validate-bulk. More than INTEGRATIONS_BULK_MAX entries is a 413, checked by the handler
 * before this schema's per-entry rules, so a long list is refused whole rather than entry by entry.
 */
export const validateBulkRequestSchema = z.object({
  emails: z.array(bulkEntrySchema, { error: "emails must be a list" }).min(1, "emails must hold at least one address"),
  name: text({ error: "name must be text" })
    .trim()
    .min(1, "name must not be empty")
    .max(BULK_NAME_MAX_LENGTH, `name must be at most ${BULK_NAME_MAX_LENGTH} characters`)
    .optional(),
  /** https, no user name or password, a public host: checked again at every delivery. */
  callbackUrl: text({ error: "callbackUrl must be text" })
    .trim()
    .max(INTEGRATIONS_CALLBACK_URL_MAX_LENGTH, `callbackUrl must be at most ${INTEGRATIONS_CALLBACK_URL_MAX_LENGTH} characters`)
    .optional(),
});
export type ValidateBulkRequest = z.input<typeof validateBulkRequestSchema>;

export const JOB_STATUSES = ["queued", "running", "completed", "failed"] as const;
export const jobStatusNameSchema = z.enum(JOB_STATUSES);
export type JobStatusName = z.infer<typeof jobStatusNameSchema>;

/** Addresses per verdict so far. */
export const verdictCountsSchema = z.object(
  Object.fromEntries(VERDICTS.map((verdict) => [verdict, z.number().int()])) as Record<
    (typeof VERDICTS)[number],
    z.ZodNumber
  >,
);
export type VerdictCounts = z.infer<typeof verdictCountsSchema>;

/** 202 to a validate-bulk call that became a job. statusUrl is job-status's absolute URL for this job. */
export const bulkJobAcceptedSchema = z.object({ jobId: z.string(), status: jobStatusNameSchema, statusUrl: z.string() });
export type BulkJobAccepted = z.infer<typeof bulkJobAcceptedSchema>;

/** GET /api/integrations/job-status?jobId= and /job-status/{jobId}. resultsUrl is null until the job completed. */
export const jobStatusSchema = z.object({
  jobId: z.string(),
  status: jobStatusNameSchema,
  total: z.number().int(),
  processed: z.number().int(),
  counts: verdictCountsSchema,
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  resultsUrl: z.string().nullable(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;
export const jobStatusQuerySchema = z.object({ jobId: z.uuid("jobId must be a job's id") });

export const RESULTS_PAGE_SIZE_DEFAULT = 100;
export const RESULTS_PAGE_SIZE_MAX = 1_000;
/** GET /api/integrations/jobs/{jobId}/results?cursor=&limit=&format=csv */
export const resultsQuerySchema = z.object({
  cursor: text({ error: "cursor must be text" }).max(100, "cursor must be at most 100 characters").optional(),
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int()
    .min(1, "limit must be 1 or more")
    .max(RESULTS_PAGE_SIZE_MAX, `limit must be at most ${RESULTS_PAGE_SIZE_MAX}`)
    .default(RESULTS_PAGE_SIZE_DEFAULT),
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
});

/** One address's result in a job's results. */
export const jobResultSchema = z.object({
  email: z.string(),
  verdict: verdictSchema,
  isValid: z.boolean(),
  reasons: z.array(z.string()),
  mxRecordsFound: z.boolean(),
  disposable: z.boolean(),
  roleAccount: z.boolean(),
  freeProvider: z.boolean(),
  suggestion: z.string().nullable(),
  riskScore: z.number().int(),
  deliverabilityScore: z.number().int(),
  /** The mailbox check, as a validation result has it. */
  smtp: smtpCheckSchema,
  /** The row's own fields, as sent. */
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  company: z.string().nullable(),
});
export type JobResult = z.infer<typeof jobResultSchema>;

/** A page of results in the order sent; nextCursor is null on the last page. */
export const jobResultsPageSchema = z.object({
  jobId: z.string(),
  results: z.array(jobResultSchema),
  nextCursor: z.string().nullable(),
});
export type JobResultsPage = z.infer<typeof jobResultsPageSchema>;

/** The body POSTed to a job's callbackUrl when it ends. */
export const webhookEventSchema = z.object({
  event: webhookEventNameSchema,
  jobId: z.string(),
  status: jobStatusNameSchema,
  counts: verdictCountsSchema,
  resultsUrl: z.string().nullable(),
  occurredAt: z.string(),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
