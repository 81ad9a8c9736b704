// A typed client for the fake Zoho's test controls (/_fake/, devstack only) and its consent page, for the api tests
// (Deno), the e2e journeys (Node) and unit tests that run the fake in-process (pass its app's fetch). fetch only, so
// both runtimes import it as it is.
//
//   const zoho = zohoFakeControls(env.ZOHO_API_URL);
//   await zoho.rateLimitNext({ count: 1, retryAfter: 2 });
//   const back = await zoho.consent(connectUrl, "accept"); // the redirect, with ?code=&state=&location=&accounts-server=

export type ZohoCallKind = "authorize" | "refresh" | "revoke" | "org" | "search" | "coql" | "upsert" | "add_tags" | "remove_tags";

/** A contact the fake holds: fields by Zoho API name, the account's name, the tags' names. */
export interface FakeZohoContact {
  id: string;
  Email: string | null;
  First_Name: string | null;
  Last_Name: string | null;
  Phone: string | null;
  Mobile: string | null;
  Title: string | null;
  Account_Name: string | null;
  tags: string[];
}

export type SeedZohoContact = { Email: string; Last_Name: string; tags?: string[] } & Partial<
  Record<"First_Name" | "Phone" | "Mobile" | "Title" | "Account_Name", string>
>;

export interface ZohoFakeControls {
  /** Every access token issued so far stops working (401 INVALID_TOKEN), as when they expire; refreshes still work. */
  expireAccessTokens(): Promise<number>;
  /** Every refresh token is revoked: refresh grants answer invalid_code until someone consents again. */
  revokeRefreshTokens(): Promise<number>;
  /** The next `count` CRM calls answer 429; retryAfter in seconds or an HTTP date, null for no Retry-After. */
  rateLimitNext(options?: { count?: number; retryAfter?: number | string | null }): Promise<void>;
  /** The next `count` CRM calls answer this 5xx. */
  failNext(options?: { count?: number; status?: 500 | 502 | 503 | 504 }): Promise<void>;
  /** This address's entry in any upsert fails with INVALID_DATA on Email. */
  markBadRecord(email: string): Promise<void>;
  /** Calls per minute (over it: 429 to the window's end) and the day's credits (spent: LIMIT_EXCEEDED); null lifts. */
  setLimits(limits: { callsPerMinute?: number | null; dailyCredits?: number | null }): Promise<void>;
  seedContacts(contacts: SeedZohoContact[]): Promise<FakeZohoContact[]>;
  contacts(): Promise<FakeZohoContact[]>;
  calls(): Promise<Record<ZohoCallKind, number>>;
  /** Empties the CRM and lifts faults and limits; OAuth grants stay. */
  reset(): Promise<void>;
  /** Answers a consent URL as the person would (Accept or Deny), and gives back where Zoho sends the browser. */
  consent(consentUrl: string, choice: "accept" | "deny"): Promise<string>;
}

export function zohoFakeControls(base: string | undefined, fetcher: typeof fetch = fetch): ZohoFakeControls {
  if (!base) throw new Error("The fake Zoho's URL is required (devstack gives it to tests as ZOHO_API_URL)");
  const root = base.replace(/\/+$/, "");
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetcher(`${root}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`The fake Zoho answered ${response.status} to ${method} ${path}: ${text}`);
    return JSON.parse(text) as T;
  };
  return {
    expireAccessTokens: () => call<{ expired: number }>("POST", "/_fake/tokens/expire").then((r) => r.expired),
    revokeRefreshTokens: () => call<{ revoked: number }>("POST", "/_fake/refresh-tokens/revoke").then((r) => r.revoked),
    rateLimitNext: (options = {}) => call<unknown>("POST", "/_fake/faults/rate-limit", options).then(() => {}),
    failNext: (options = {}) => call<unknown>("POST", "/_fake/faults/server-error", options).then(() => {}),
    markBadRecord: (email) => call<unknown>("POST", "/_fake/bad-records", { email }).then(() => {}),
    setLimits: (limits) => call<unknown>("POST", "/_fake/limits", limits).then(() => {}),
    seedContacts: (contacts) => call<{ contacts: FakeZohoContact[] }>("POST", "/_fake/contacts", { contacts }).then((r) => r.contacts),
    contacts: () => call<{ contacts: FakeZohoContact[] }>("GET", "/_fake/contacts").then((r) => r.contacts),
    calls: () => call("GET", "/_fake/calls"),
    reset: () => call<unknown>("POST", "/_fake/reset").then(() => {}),
    consent: async (consentUrl, choice) => {
      const url = new URL(consentUrl);
      const page = await fetcher(url);
      await page.body?.cancel();
      if (!page.ok) throw new Error(`The fake Zoho's consent page answered ${page.status} for ${consentUrl}`);
      const form = new URLSearchParams({ choice });
      for (const name of ["client_id", "redirect_uri", "scope", "state"]) form.set(name, url.searchParams.get(name) ?? "");
      const answer = await fetcher(`${url.origin}/oauth/v2/auth`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form,
        redirect: "manual",
      });
      await answer.body?.cancel();
      const location = answer.headers.get("location");
      if (answer.status !== 302 || !location) throw new Error(`The fake Zoho's consent answered ${answer.status} without a redirect`);
      return location;
    },
  };
}
