// POST /api/integrations/validate-email and /scrape-domain: the SPA's own validation and exploration, paid for by the
// key's owner, so their limits, metering (one unit each, 402 past the balance) and records are the SPA's. GET
// /mailbox-probes/{probeId}: the mailbox check a validation answered as still running, as the SPA polls it.
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { scrapeDomainRequestSchema, scrapeResultSchema } from "../../../_shared/explorations/index.ts";
import { mailboxProbeParamsSchema, pollMailboxProbe } from "../../../_shared/mailbox/index.ts";
import {
  mailboxProbeAnswerSchema,
  validateEmailRequestSchema,
  type ValidationResult,
  validationResultSchema,
} from "../../../_shared/validation/index.ts";
import { exploreForUser, validateForUser } from "../../lib/paid-work.ts";
import type { IntegrationsEnv } from "./integrations-env.ts";
import { ANSWER_HEADERS, API_KEY_SECURITY, errorResponses, KEY_ERRORS } from "./openapi.ts";

const VALIDATION_EXAMPLE = {
  email: "ann@example.com",
  domain: "example.com",
  isValid: true,
  formatValid: true,
  mxRecordsFound: true,
  verdict: "deliverable",
  reasons: [],
  mxRecords: [{ exchange: "mx.example.com", priority: 10 }],
  disposable: false,
  roleAccount: false,
  freeProvider: false,
  suggestion: null,
  riskScore: 5,
  deliverabilityScore: 95,
  smtp: {
    status: "checked",
    outcome: "exists",
    smtpConnectable: true,
    smtpDeliverable: true,
    isCatchAll: false,
    catchAllConfidence: 0,
    mxHost: "mx.example.com",
    tls: "verified",
    reply: { code: 250, enhancedCode: "2.1.5", text: "OK" },
    provider: null,
    checkedAt: "2026-01-02T03:04:05.000Z",
  },
  validatedAt: "2026-01-02T03:04:05.000Z",
} satisfies ValidationResult;

const validateEmailRoute = createRoute({
  method: "post",
  path: "/validate-email",
  tags: ["Validation"],
  summary: "Validate one email address",
  description: "The verdict, reasons and scores of one address, as the app shows them. Costs one validation. " +
    "For a domain that takes mail, its mail server is asked whether the mailbox exists (never sending mail); the " +
    "answer waits a few seconds for that, then `smtp` is `pending` with a `probeId` to poll at " +
    "GET /mailbox-probes/{probeId}, or `not_checked` with the reason.",
  security: API_KEY_SECURITY,
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: validateEmailRequestSchema, example: { email: "ann@example.com" } } },
    },
  },
  responses: {
    200: {
      description: "The address's validation.",
      headers: ANSWER_HEADERS,
      content: { "application/json": { schema: validationResultSchema, example: VALIDATION_EXAMPLE } },
    },
    ...errorResponses(...KEY_ERRORS, 402, 415),
  },
});

const scrapeDomainRoute = createRoute({
  method: "post",
  path: "/scrape-domain",
  tags: ["Exploration"],
  summary: "Explore a domain",
  description: "Contacts and company facts from a domain's own website, as the app's exploration finds them. " +
    "A result younger than a day is answered again unless fullDataCollection asks for a fresh crawl. " +
    "Costs one exploration.",
  security: API_KEY_SECURITY,
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: scrapeDomainRequestSchema,
          example: { domain: "example.com", fullDataCollection: false },
        },
      },
    },
  },
  responses: {
    200: {
      description: "What the exploration found; a site that is down is an answer too (websiteStatus down).",
      headers: ANSWER_HEADERS,
      content: { "application/json": { schema: scrapeResultSchema } },
    },
    ...errorResponses(...KEY_ERRORS, 402, 415, 502),
  },
});

const EXAMPLE_PROBE_ID = "6f1c1f4e-0a8e-4bb1-9d39-2f4b8d1c7a10";

const mailboxProbeRoute = createRoute({
  method: "get",
  path: "/mailbox-probes/{probeId}",
  tags: ["Validation"],
  summary: "A mailbox check still running",
  description: "The mailbox check a validation answered as `pending`: `done` with the whole validation (its verdict " +
    "may have moved) once the mail server was asked, or the probe gave up (then `smtp` says `not_checked`, " +
    "`expired`). Poll every few seconds. Free.",
  security: API_KEY_SECURITY,
  request: {
    params: mailboxProbeParamsSchema.extend({
      probeId: mailboxProbeParamsSchema.shape.probeId.meta({
        param: { name: "probeId", in: "path" },
        example: EXAMPLE_PROBE_ID,
      }),
    }),
  },
  responses: {
    200: {
      description: "Still pending, or done with the validation.",
      headers: ANSWER_HEADERS,
      content: {
        "application/json": {
          schema: mailboxProbeAnswerSchema,
          example: { status: "done", result: VALIDATION_EXAMPLE },
        },
      },
    },
    ...errorResponses(...KEY_ERRORS, 404),
  },
});

export const validationRoutes = new OpenAPIHono<IntegrationsEnv>()
  .openapi(validateEmailRoute, async (c) => {
    c.set("apiKeyEmails", 1);
    return c.json(await validateForUser(c.var.owner.userId, c.req.valid("json").email, null), 200);
  })
  .openapi(scrapeDomainRoute, async (c) => c.json(await exploreForUser(c.var.owner.userId, c.req.valid("json")), 200))
  .openapi(
    mailboxProbeRoute,
    async (c) => c.json(await pollMailboxProbe(c.req.valid("param").probeId, `user:${c.var.owner.userId}`), 200),
  );
