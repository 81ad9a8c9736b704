// How a conversation with Zoho can end other than with an answer. The sync worker tells them apart: a refused refresh
// needs the user's consent again, spent credits pause a run until they come back, and an unavailable Zoho fails it.
// A record Zoho refused is not among them: the client returns those, one per record, for the run to record.

/** Zoho refused the refresh token (revoked, lapsed, or the app removed): the user has to connect again. */
export class ZohoReconnectNeeded extends Error {
  override readonly name = "ZohoReconnectNeeded";
  constructor(message = "Zoho refused the stored authorization; connect to Zoho again") {
    super(message);
  }
}

/** The CRM's API credits for the rolling day are spent; calls succeed again after `resumeAfter`. */
export class ZohoCreditsExhausted extends Error {
  override readonly name = "ZohoCreditsExhausted";
  constructor(readonly resumeAfter: Date) {
    super(`Zoho's daily API credits are spent; the sync resumes after ${resumeAfter.toISOString()}`);
  }
}

/** Zoho kept failing (5xx, timeouts, or 429 without end) through every retry. */
export class ZohoUnavailable extends Error {
  override readonly name = "ZohoUnavailable";
}

/** Zoho refused a request as a whole (not one record of it): its HTTP status, code and message. */
export class ZohoApiError extends Error {
  override readonly name = "ZohoApiError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`Zoho answered ${status} ${code}: ${message}`);
  }
}

/** The accounts server refused a grant with this error code (invalid_code, invalid_client, invalid_redirect_uri...). */
export class ZohoGrantRefused extends Error {
  override readonly name = "ZohoGrantRefused";
  constructor(readonly error: string) {
    super(`Zoho's accounts server refused the grant: ${error}`);
  }
}
