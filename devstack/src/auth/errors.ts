// GoTrue's error shapes, so supabase-js turns our failures into the same AuthError subclasses and codes it would
// get from the real service.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

// auth-js reads `code` from the body only when the response carries this header at or after 2024-01-01; it always
// sends it, so we always answer in that format.
const API_VERSION = "2024-01-01";

/** An API error: answered as `{ code, message }` plus any extra fields (weak_password's reasons). */
export class AuthApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

/** An OAuth-style error on /token: `{ error, error_description }`, always 400, no code (GoTrue's OAuthError). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export const badRequest = (code: string, message: string) => new AuthApiError(400, code, message);
export const forbidden = (code: string, message: string) => new AuthApiError(403, code, message);
export const notFound = (code: string, message: string) => new AuthApiError(404, code, message);
export const unprocessable = (code: string, message: string) => new AuthApiError(422, code, message);
// The cause is logged, never answered: like GoTrue, the client only learns that the database refused.
export const unexpectedFailure = (message: string, cause?: unknown) =>
  new AuthApiError(500, "unexpected_failure", message, {}, cause);

export function errorResponse(err: unknown, c: Context): Response {
  if (err instanceof OAuthError) {
    return c.json({ error: err.error, error_description: err.description }, 400);
  }
  const apiError =
    err instanceof AuthApiError
      ? err
      : unexpectedFailure("Unexpected failure, please check server logs for more information", err);
  if (apiError.status >= 500) console.error("[auth]", c.req.method, c.req.path, apiError);
  return c.json({ code: apiError.code, message: apiError.message, ...apiError.extra }, apiError.status, {
    "X-Supabase-Api-Version": API_VERSION,
    "x-sb-error-code": apiError.code,
  });
}
