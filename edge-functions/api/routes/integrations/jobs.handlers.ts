// The public API's bulk validation and jobs over HTTP: each handler takes the checked input and the key's owner, calls
// the feature, and answers. The key check ran before (api-key-auth.ts): the caller is the key's owner.
import { create as contentDisposition } from "content-disposition";
import type { Context, MiddlewareHandler } from "hono";
import { DomainError } from "../../../_shared/errors.ts";
import {
  INTEGRATIONS_BULK_MAX,
  jobResultsCsv,
  jobResultsPage,
  jobStatus as readJobStatus,
  type KeyCaller,
  type ResultsQuery,
  validateBulk as validateMany,
  type ValidateBulk,
} from "../../../_shared/integrations/index.ts";
import type { IntegrationsEnv } from "./integrations-env.ts";

type JobsContext = Context<IntegrationsEnv>;

function keyCaller(c: JobsContext): KeyCaller {
  const { owner, apiKey } = c.var;
  // requireApiKey lets no call through without a key it accepted.
  if (!apiKey) throw new Error("a job route was reached without a checked key");
  return { claims: owner.claims, keyId: apiKey.keyId, keyName: apiKey.keyName };
}

/**
 * A list over the limit is refused whole, before its entries are checked one by one: a script sending 5,000
 * addresses learns to split them, not that entry 1,234 is wrong.
 */
export const refuseTooManyEmails: MiddlewareHandler<IntegrationsEnv> = async (c, next) => {
  const body: unknown = await c.req.json().catch(() => null);
  const emails = body && typeof body === "object" && "emails" in body ? body.emails : null;
  if (Array.isArray(emails) && emails.length > INTEGRATIONS_BULK_MAX) throw new DomainError("integrations_bulk_too_many");
  await next();
};

/** 200 {results} for a few addresses, 202 {jobId, status, statusUrl} for a job. */
export async function validateBulk(c: JobsContext, request: ValidateBulk, idempotencyKey: string | undefined) {
  const answer = await validateMany(keyCaller(c), request, idempotencyKey ?? null);
  if ("results" in answer) {
    c.set("apiKeyEmails", answer.results.length);
    return c.json({ results: answer.results }, 200);
  }
  // A replayed job validated nothing new for this call.
  c.set("apiKeyEmails", answer.replayed ? 0 : request.emails.length);
  return c.json(answer.job, 202);
}

export async function jobStatus(c: JobsContext, jobId: string) {
  return c.json(await readJobStatus(keyCaller(c).claims, jobId), 200);
}

/** A page of JSON, or with format=csv the bulk page's download, streamed. */
export async function jobResults(c: JobsContext, jobId: string, query: ResultsQuery & { format: "json" | "csv" }) {
  const { claims } = keyCaller(c);
  if (query.format === "json") return c.json(await jobResultsPage(claims, jobId, query), 200);
  const { fileName, body } = await jobResultsCsv(claims, jobId);
  return c.body(body, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": contentDisposition(fileName),
    "cache-control": "private, no-store",
  });
}
