// PayPal's REST error answers: {name, message, debug_id, details: [{issue, description, field?, location?}], links}.
import { randomBytes } from "node:crypto";

export interface PayPalIssue {
  issue: string;
  description: string;
  field?: string;
  value?: string;
  location?: "body" | "path" | "header";
}

export class PayPalApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 422,
    override readonly name: string,
    message: string,
    readonly details: PayPalIssue[] = [],
  ) {
    super(message);
  }

  toJSON() {
    return {
      name: this.name,
      message: this.message,
      debug_id: randomBytes(7).toString("hex"),
      ...(this.details.length ? { details: this.details } : {}),
      links: [
        {
          href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${this.details[0]?.issue ?? this.name}`,
          rel: "information_link",
          method: "GET",
        },
      ],
    };
  }
}

export const unprocessable = (issue: string, description: string) =>
  new PayPalApiError(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation.", [
    { issue, description },
  ]);

export const notFound = (description = "Specified resource ID does not exist. Please check the resource ID and try again.") =>
  new PayPalApiError(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", [{ issue: "INVALID_RESOURCE_ID", description }]);

export const invalidRequest = (details: PayPalIssue[]) =>
  new PayPalApiError(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", details);

export const authenticationFailure = () =>
  new PayPalApiError(401, "AUTHENTICATION_FAILURE", "Authentication failed due to invalid authentication credentials or a missing Authorization header.");
