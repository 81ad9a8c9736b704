// POST /api/integrations/validate-bulk, GET /job-status (?jobId= or /{jobId}) and GET /jobs/{jobId}/results: many
// addresses at once, answered inline up to INTEGRATIONS_INLINE_MAX or as a bulk validation job, whose status and
// results the key's owner then reads. Declared from the contract's schemas for the OpenAPI document.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { text } from "../../../_shared/contracts/text.ts";
import {
  bulkJobAcceptedSchema,
  IDEMPOTENCY_KEY_HOURS,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  INTEGRATIONS_BULK_MAX,
  INTEGRATIONS_INLINE_MAX,
  jobResultsPageSchema,
  jobStatusQuerySchema,
  jobStatusSchema,
  resultsQuerySchema,
  validateBulkRequestSchema,
} from "../../../_shared/integrations/index.ts";
import { validationResultSchema } from "../../../_shared/validation/index.ts";
import type { IntegrationsEnv } from "./integrations-env.ts";
import * as handlers from "./jobs.handlers.ts";
import { ANSWER_HEADERS, API_KEY_SECURITY, errorResponses, KEY_ERRORS } from "./openapi.ts";

const idempotencyHeaderSchema = z.object({
  "idempotency-key": text({ error: "Idempotency-Key must be text" })
    .trim()
    .min(1, "Idempotency-Key must not be empty")
    .max(IDEMPOTENCY_KEY_MAX_LENGTH, `Idempotency-Key must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`)
    .optional()
    .meta({
      description: `Names the job this call starts: the same key with the same body within ${IDEMPOTENCY_KEY_HOURS} ` +
        "hours answers that job again, without a second charge; with another body it is a 409.",
      example: "import-2026-03-01",
    }),
});

const EXAMPLE_JOB_ID = "3f8e4b1c-2a6d-4e0f-9b7a-5c1d2e3f4a5b";

const jobIdParamsSchema = z.object({
  jobId: jobStatusQuerySchema.shape.jobId.meta({ param: { name: "jobId", in: "path" }, example: EXAMPLE_JOB_ID }),
});

const validateBulkRoute = createRoute({
  method: "post",
  path: "/validate-bulk",
  tags: ["Validation"],
  summary: "Validate many email addresses",
  description: `1 to ${INTEGRATIONS_BULK_MAX.toLocaleString("en")} addresses, or rows with an email and the person's ` +
    `fields. Up to ${INTEGRATIONS_INLINE_MAX} are validated at once and answered (200), a validation each. More ` +
    "become a job (202), charged a validation per distinct address when it is accepted, shown on your bulk " +
    "validation page, and followed with job-status; rows without an @ are skipped. callbackUrl (https, a public " +
    "host) receives a signed webhook when the job ends.",
  security: API_KEY_SECURITY,
  middleware: [handlers.refuseTooManyEmails] as const,
  request: {
    headers: idempotencyHeaderSchema,
    body: {
      required: true,
      content: {
        "application/json": {
          schema: validateBulkRequestSchema,
          example: {
            emails: ["ann@example.com", { email: "bob@example.org", firstName: "Bob", company: "Example" }],
            name: "March import",
            callbackUrl: "https://example.com/hooks/mailscout",
          },
        },
      },
    },
  },
  responses: {
    200: {
      description: `Up to ${INTEGRATIONS_INLINE_MAX} addresses: each one's validation, in the order sent.`,
      headers: ANSWER_HEADERS,
      content: { "application/json": { schema: z.object({ results: z.array(validationResultSchema) }) } },
    },
    202: {
      description: "More: the job that validates them, queued.",
      headers: ANSWER_HEADERS,
      content: {
        "application/json": {
          schema: bulkJobAcceptedSchema,
          example: {
            jobId: EXAMPLE_JOB_ID,
            status: "queued",
            statusUrl: `https://mailscout.example/api/integrations/job-status/${EXAMPLE_JOB_ID}`,
          },
        },
      },
    },
    ...errorResponses(...KEY_ERRORS, 402, 409, 413, 415),
  },
});

/** job-status, with the job's id in the query or in the path: one description for both. */
function jobStatusRoute<P extends "/job-status" | "/job-status/{jobId}">(
  path: P,
  request: P extends "/job-status" ? { query: typeof jobStatusQuerySchema } : { params: typeof jobIdParamsSchema },
) {
  return createRoute({
    method: "get",
    path,
    tags: ["Jobs"],
    summary: path === "/job-status" ? "A job's status" : "A job's status (the job in the path)",
    description: "Where a job stands: queued, running, completed or failed, its addresses processed so far and their " +
      "count per verdict. resultsUrl is set once it completed.",
    security: API_KEY_SECURITY,
    request,
    responses: {
      200: {
        description: "The job.",
        headers: ANSWER_HEADERS,
        content: { "application/json": { schema: jobStatusSchema } },
      },
      ...errorResponses(...KEY_ERRORS, 404),
    },
  });
}

const jobStatusQueryRoute = jobStatusRoute("/job-status", { query: jobStatusQuerySchema });
const jobStatusPathRoute = jobStatusRoute("/job-status/{jobId}", { params: jobIdParamsSchema });

const jobResultsRoute = createRoute({
  method: "get",
  path: "/jobs/{jobId}/results",
  tags: ["Jobs"],
  summary: "A completed job's results",
  description: "Each row's verdict in the order sent, a page at a time: pass nextCursor as cursor for the next page " +
    "(null on the last). format=csv answers the whole job as the bulk page's download. Kept 30 days after the job " +
    "completed.",
  security: API_KEY_SECURITY,
  request: { params: jobIdParamsSchema, query: resultsQuerySchema },
  responses: {
    200: {
      description: "A page of results, or with format=csv the whole file.",
      headers: ANSWER_HEADERS,
      content: {
        "application/json": { schema: jobResultsPageSchema },
        "text/csv": { schema: z.string() },
      },
    },
    ...errorResponses(...KEY_ERRORS, 404, 409),
  },
});

export const jobsRoutes = new OpenAPIHono<IntegrationsEnv>()
  .openapi(
    validateBulkRoute,
    (c) => handlers.validateBulk(c, c.req.valid("json"), c.req.valid("header")["idempotency-key"]),
  )
  .openapi(jobStatusQueryRoute, (c) => handlers.jobStatus(c, c.req.valid("query").jobId))
  .openapi(jobStatusPathRoute, (c) => handlers.jobStatus(c, c.req.valid("param").jobId))
  .openapi(jobResultsRoute, (c) => handlers.jobResults(c, c.req.valid("param").jobId, c.req.valid("query")));
