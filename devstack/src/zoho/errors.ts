// Zoho's error answers. The CRM answers {code, details, message, status: "error"} for a whole request and the same
// shape per record in data[]; the accounts server answers HTTP 200 with {error: "<code>"} to a refused grant.

export class ZohoCrmError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 405 | 429 | 500 | 502 | 503 | 504,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, details: this.details, message: this.message, status: "error" };
  }
}

export const invalidToken = () => new ZohoCrmError(401, "INVALID_TOKEN", "invalid oauth token");
export const authenticationFailure = () =>
  new ZohoCrmError(401, "AUTHENTICATION_FAILURE", "Authentication failed");
export const invalidRequest = (message: string, details: Record<string, unknown> = {}) =>
  new ZohoCrmError(400, "INVALID_DATA", message, details);

/** A refused grant at the accounts server: Zoho answers these with HTTP 200 and only the error's code. */
export class ZohoAccountsError extends Error {
  constructor(readonly error: string) {
    super(error);
  }
}
