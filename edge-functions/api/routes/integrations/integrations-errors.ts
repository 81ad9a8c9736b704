// The public API's one error shape, {message, code, details?, requestId}: the app's own refusals keep their statuses
// and words (api/lib/errors.ts), and gain a stable code a script can branch on and the request's id a support question
// can name. Answers made by the app's shared middleware ({message} alone) are reshaped on the way out, so every error
// of the sub-app has the one shape whoever answered it.
import type { Context, ErrorHandler, MiddlewareHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { DomainError, type DomainReason } from "../../../_shared/errors.ts";
import type { IntegrationsError } from "../../../_shared/integrations/index.ts";
import { describeFirstIssue } from "../../../_shared/zod-issues.ts";
import { answerFor } from "../../lib/errors.ts";
import { setRateLimitHeaders } from "../../lib/rate-limit-headers.ts";
import type { RateLimitDecision } from "../../../_shared/rate-limits/index.ts";
import type { IntegrationsEnv } from "./integrations-env.ts";

/** A refusal of the sub-app's own, with its code. */
export class IntegrationsRefusal extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

/** Codes that read better than the reason's own name; every other reason is its code. */
const CODE_OF_REASON: Partial<Record<DomainReason, string>> = {
  credits_needed: "insufficient_credits",
  invalid_input: "validation_failed",
  invalid_details: "validation_failed",
};

/** The code of an answer whose maker gave none: by its status. */
export function codeOfStatus(status: number): string {
  switch (status) {
    case 400:
      return "invalid_request";
    case 401:
      return "unauthorized";
    case 402:
      return "insufficient_credits";
    case 403:
      return "forbidden";
    case 404:
      return "not_found";
    case 405:
      return "method_not_allowed";
    case 409:
      return "conflict";
    case 410:
      return "gone";
    case 413:
      return "payload_too_large";
    case 415:
      return "unsupported_media_type";
    case 429:
      return "rate_limited";
    case 502:
    case 503:
    case 504:
      return "upstream_unavailable";
    default:
      return status >= 500 ? "internal_error" : "request_refused";
  }
}

function answer(c: Context<IntegrationsEnv>, status: ContentfulStatusCode, body: Omit<IntegrationsError, "requestId">) {
  return c.json({ ...body, requestId: c.var.requestId } satisfies IntegrationsError, status);
}

/** The 400 of a body or query the route's schema refused: the first problem in words, every problem in details. */
export function invalidInput(error: z.ZodError): IntegrationsRefusal {
  const issues = error.issues.map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message }));
  return new IntegrationsRefusal(400, "validation_failed", describeFirstIssue(error), { issues });
}

export const integrationsNotFound: NotFoundHandler<IntegrationsEnv> = (c) =>
  answer(c, 404, { message: "Not found", code: "not_found" });

export const integrationsOnError: ErrorHandler<IntegrationsEnv> = (error, c) => {
  if (error instanceof IntegrationsRefusal) {
    // Tells a client that the scheme to authenticate with is a bearer token (the key).
    if (error.status === 401) c.header("WWW-Authenticate", "Bearer");
    return answer(c, error.status, {
      message: error.message,
      code: error.code,
      ...(error.details === undefined ? {} : { details: error.details }),
    });
  }
  if (error instanceof DomainError) {
    const details: unknown = error.details;
    // A refusal for now that carries its limit's decision says when to come back.
    if (details && typeof details === "object" && "decision" in details) {
      setRateLimitHeaders(c, details.decision as RateLimitDecision);
    }
    const { status, message } = answerFor(error);
    const code = CODE_OF_REASON[error.reason as DomainReason] ?? error.reason;
    if (error.reason === "credits_needed") {
      const { balance } = (error as DomainError<"credits_needed">).details;
      return answer(c, status, { message, code, details: { needsCredits: true, balance } });
    }
    if (status >= 500) console.error(`${c.req.method} ${c.req.path} [${c.var.requestId}] failed:`, error.message, error.cause ?? "");
    return answer(c, status, { message, code });
  }
  if (error instanceof HTTPException) {
    return answer(c, error.status as ContentfulStatusCode, { message: error.message, code: codeOfStatus(error.status) });
  }
  // A bug or an outage: the detail goes to the log under the request's id, the caller learns nothing of our internals.
  console.error(`${c.req.method} ${c.req.path} [${c.var.requestId}] failed:`, error);
  return answer(c, 500, { message: "Internal server error", code: "internal_error" });
};

/**
 * Names the request (X-Request-Id on every answer) and gives a {message} error answered by the app's shared
 * middleware (a body over its limit, a parameter that can't be stored) the sub-app's code and request id.
 */
export const requestIdAndErrorShape: MiddlewareHandler<IntegrationsEnv> = async (c, next) => {
  const requestId = crypto.randomUUID();
  c.set("requestId", requestId);
  await next();
  c.res.headers.set("X-Request-Id", requestId);
  if (c.res.status < 400 || !c.res.headers.get("content-type")?.startsWith("application/json")) return;
  const body: unknown = await c.res.clone().json().catch(() => null);
  if (!body || typeof body !== "object" || "code" in body || !("message" in body)) return;
  const reshaped = { message: String(body.message), code: codeOfStatus(c.res.status), requestId } satisfies IntegrationsError;
  // Hono carries the answer's other headers over to the new one; the old length would not fit the new body.
  c.res.headers.delete("content-length");
  c.res = new Response(JSON.stringify(reshaped), { status: c.res.status, headers: { "content-type": "application/json" } });
};
