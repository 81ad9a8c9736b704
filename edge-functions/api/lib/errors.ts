// The API's one error shape, { message }, and how failures thrown by domain code become HTTP answers.
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type AccountFailure, AccountError } from "../../_shared/accounts/errors.ts";
import { type AnonymousFailure, AnonymousError } from "../../_shared/anonymous/errors.ts";
import type { ErrorResponse } from "../../_shared/contracts/auth.ts";
import { AccountSuspendedError, RateLimitedError } from "../../_shared/rate-limits/mod.ts";
import { setRateLimitHeaders } from "./rate-limit-headers.ts";

export function errorBody(message: string): ErrorResponse {
  return { message };
}

const accountFailureStatus: Record<AccountFailure, ContentfulStatusCode> = {
  registration_conflict: 409,
  invalid_credentials: 401,
  invalid_details: 400,
};

const anonymousFailureStatus: Record<AnonymousFailure, ContentfulStatusCode> = {
  unknown_session: 404,
  unknown_client_address: 400,
  discount_not_offered: 409,
  discount_expired: 410,
  discount_redeemed: 410,
};

export const notFound: NotFoundHandler = (c) => c.json(errorBody("Not found"), 404);

export const onError: ErrorHandler = (error, c: Context) => {
  if (error instanceof AccountError) return c.json(errorBody(error.message), accountFailureStatus[error.reason]);
  if (error instanceof AnonymousError) return c.json(errorBody(error.message), anonymousFailureStatus[error.reason]);
  if (error instanceof RateLimitedError) {
    setRateLimitHeaders(c, error.decision);
    return c.json(errorBody(error.message), 429);
  }
  if (error instanceof AccountSuspendedError) return c.json(errorBody(error.message), 403);
  // Thrown by request helpers (lib/) for input they refuse, with the status and message the caller should see.
  if (error instanceof HTTPException) return c.json(errorBody(error.message), error.status);
  // Anything else is a bug or an outage: log the detail for us, tell the caller nothing about our internals.
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(errorBody("Internal server error"), 500);
};
