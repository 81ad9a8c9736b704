// The API's one error shape, { message }, and how failures thrown by domain code become HTTP answers.
import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type AccountFailure, AccountError } from "../../_shared/accounts/errors.ts";
import type { ErrorResponse } from "../../_shared/contracts/auth.ts";

export function errorBody(message: string): ErrorResponse {
  return { message };
}

const accountFailureStatus: Record<AccountFailure, ContentfulStatusCode> = {
  username_taken: 409,
  email_taken: 409,
  invalid_credentials: 401,
};

export const notFound: NotFoundHandler = (c) => c.json(errorBody("Not found"), 404);

export const onError: ErrorHandler = (error, c: Context) => {
  if (error instanceof AccountError) return c.json(errorBody(error.message), accountFailureStatus[error.reason]);
  // Anything else is a bug or an outage: log the detail for us, tell the caller nothing about our internals.
  console.error(`${c.req.method} ${c.req.path} failed:`, error);
  return c.json(errorBody("Internal server error"), 500);
};
