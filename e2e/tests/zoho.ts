// devstack's fake Zoho, driven through its /_fake/ controls (ZOHO_FAKE_URL; npm test sets it): the faults a sync must
// get through, and what the CRM holds afterwards.
import { expect } from "@playwright/test";

function fakeUrl(): string {
  const url = process.env.ZOHO_FAKE_URL;
  if (!url) throw new Error("ZOHO_FAKE_URL is required: the fake Zoho's URL (npm test sets it)");
  return url;
}

async function control<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${fakeUrl()}/_fake/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.ok, `${path}: ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** A contact as the fake's control lists it: fields by Zoho's API names, and its tags' names. */
export interface ZohoContact {
  id: string;
  Email: string;
  Last_Name: string | null;
  tags: string[];
}

export const zoho = {
  /** Forgets every grant, contact, fault and limit: the journey starts from an empty CRM. */
  reset: () => control("reset", {}),
  /** Every access token issued so far is expired: the next call with one answers 401 INVALID_TOKEN. */
  expireAccessTokens: () => control("tokens/expire", {}),
  /** The next `count` CRM calls answer 429 with Retry-After. */
  answerNextCallsWith429: (count: number, retryAfterSeconds: number) =>
    control("faults/rate-limit", { count, retryAfter: retryAfterSeconds }),
  /** The address's entry in an upsert fails with INVALID_DATA, the others of its call going through. */
  markBadRecord: (email: string) => control("bad-records", { email }),
  /** Calls per minute over which Zoho answers 429 until the window ends (null: no limit). */
  limitCallsPerMinute: (callsPerMinute: number | null) => control("limits", { callsPerMinute }),
  storedContacts: async () => (await control<{ contacts: ZohoContact[] }>("contacts")).contacts,
  /** How many calls of each kind the fake answered (authorize, refresh, org, search, coql, upsert, add_tags...). */
  calls: () => control<Record<string, number>>("calls"),
};
