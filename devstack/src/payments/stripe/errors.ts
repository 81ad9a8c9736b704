// Stripe's error answers: {error: {type, message, code?, param?, decline_code?}} with the status its clients map to
// their error classes (400 invalid request or idempotency, 401 authentication, 402 card, 404 missing).

export interface StripeErrorBody {
  type: "invalid_request_error" | "idempotency_error" | "card_error" | "api_error";
  message: string;
  code?: string;
  param?: string;
  decline_code?: string;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 404 | 409,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, { type: "invalid_request_error", message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

export const noSuchObject = (kind: string, id: string, param = "id") =>
  new StripeApiError(404, { type: "invalid_request_error", code: "resource_missing", param, message: `No such ${kind}: '${id}'` });
