// The fake Zoho as the sync uses it, in-process with a clock the tests move: consent and grants as Zoho answers them,
// the CRM gates (token, injected faults, per-minute window, daily credits), upserts with per-record errors, COQL,
// search, tags, and the controls.
import { beforeEach, describe, expect, it } from "vitest";
import { parseEmailQuery } from "./coql.ts";
import { ZOHO_TEST_CLIENT, zohoFake } from "./index.ts";
import { zohoFakeControls, type ZohoFakeControls } from "./testing.ts";

const BASE = "http://zoho.fake.test";
const REDIRECT = "http://localhost:54321/functions/v1/api/crm/zoho/callback";
let now: number;
let fetcher: typeof fetch;
let controls: ZohoFakeControls;

beforeEach(() => {
  now = Date.UTC(2026, 10, 27, 10, 0, 30);
  const { app } = zohoFake({ base: BASE, clock: () => now });
  fetcher = ((input: RequestInfo | URL, init?: RequestInit) => app.fetch(new Request(input, init))) as typeof fetch;
  controls = zohoFakeControls(BASE, fetcher);
});

const consentUrl = (state = "state-1", clientId: string = ZOHO_TEST_CLIENT.id) =>
  `${BASE}/oauth/v2/auth?${new URLSearchParams({ scope: "ZohoCRM.modules.contacts.ALL", client_id: clientId, response_type: "code", access_type: "offline", redirect_uri: REDIRECT, state, prompt: "consent" })}`;

async function token(params: Record<string, string>) {
  const response = await fetcher(`${BASE}/oauth/v2/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, string | number>;
}

async function connect() {
  const code = new URL(await controls.consent(consentUrl(), "accept")).searchParams.get("code")!;
  const grant = { grant_type: "authorization_code", client_id: ZOHO_TEST_CLIENT.id, client_secret: ZOHO_TEST_CLIENT.secret, redirect_uri: REDIRECT, code };
  return (await token(grant)) as { access_token: string; refresh_token: string };
}

async function crm(accessToken: string, method: string, path: string, body?: unknown) {
  const response = await fetcher(`${BASE}${path}`, {
    method,
    headers: { Authorization: `Zoho-oauthtoken ${accessToken}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

describe("accounts", () => {
  it("shows a consent page with Accept and Deny, and sends the browser back with a code, location and accounts server", async () => {
    const page = await fetcher(consentUrl());
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('value="accept">Accept</button>');
    expect(html).toContain('value="deny" class="secondary">Deny</button>');
    const back = new URL(await controls.consent(consentUrl("s-42"), "accept"));
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe("s-42");
    expect(back.searchParams.get("location")).toBe("us");
    expect(back.searchParams.get("accounts-server")).toBe(BASE);
    expect(back.searchParams.get("code")).toMatch(/^1000\.[0-9a-f]{32}\.[0-9a-f]{32}$/);
  });

  it("sends a denial back as error=access_denied, and refuses an unknown client's consent page", async () => {
    const back = new URL(await controls.consent(consentUrl("s-1"), "deny"));
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
    expect((await fetcher(consentUrl("s", "1000.SOMEONEELSE"))).status).toBe(400);
  });

  it("grants tokens once per code and names the api domain; refusals are 200 with Zoho's error code", async () => {
    const code = new URL(await controls.consent(consentUrl(), "accept")).searchParams.get("code")!;
    const grant = { grant_type: "authorization_code", client_id: ZOHO_TEST_CLIENT.id, client_secret: ZOHO_TEST_CLIENT.secret, redirect_uri: REDIRECT, code };
    expect(await token({ ...grant, client_secret: "wrong" })).toEqual({ error: "invalid_client" });
    const granted = await token(grant);
    expect(granted).toMatchObject({ api_domain: BASE, token_type: "Bearer", expires_in: 3600 });
    expect(granted.refresh_token).toMatch(/^1000\./);
    expect(await token(grant)).toEqual({ error: "invalid_code" });
  });

  it("lets a code lapse after two minutes", async () => {
    const code = new URL(await controls.consent(consentUrl(), "accept")).searchParams.get("code")!;
    now += 2 * 60_000;
    const grant = { grant_type: "authorization_code", client_id: ZOHO_TEST_CLIENT.id, client_secret: ZOHO_TEST_CLIENT.secret, redirect_uri: REDIRECT, code };
    expect(await token(grant)).toEqual({ error: "invalid_code" });
  });

  it("refreshes until the refresh token is revoked, by the user or by the control", async () => {
    const { refresh_token, access_token } = await connect();
    const refresh = { grant_type: "refresh_token", client_id: ZOHO_TEST_CLIENT.id, client_secret: ZOHO_TEST_CLIENT.secret, refresh_token };
    const refreshed = await token(refresh);
    expect(refreshed.access_token).not.toBe(access_token);
    expect(refreshed.refresh_token).toBeUndefined();
    expect(await controls.revokeRefreshTokens()).toBe(1);
    expect(await token(refresh)).toEqual({ error: "invalid_code" });

    const second = await connect();
    const revoked = await fetcher(`${BASE}/oauth/v2/token/revoke?token=${second.refresh_token}`, { method: "POST" });
    expect(await revoked.json()).toEqual({ status: "success" });
    expect((await crm(second.access_token, "GET", "/crm/v6/org")).body.code).toBe("INVALID_TOKEN");
    expect(await token({ ...refresh, refresh_token: second.refresh_token })).toEqual({ error: "invalid_code" });
  });
});

describe("CRM gates", () => {
  it("answers 401 INVALID_TOKEN without a token, after an hour, and after the expire control", async () => {
    const { access_token } = await connect();
    expect((await crm("nope", "GET", "/crm/v6/org")).body).toEqual({ code: "INVALID_TOKEN", details: {}, message: "invalid oauth token", status: "error" });
    const org = await crm(access_token, "GET", "/crm/v6/org");
    expect(org.body.org[0]).toMatchObject({ id: "845672910", company_name: "MailScout Test Org" });
    expect(await controls.expireAccessTokens()).toBe(1);
    expect((await crm(access_token, "GET", "/crm/v6/org")).status).toBe(401);
    const later = await connect();
    now += 3600_000;
    expect((await crm(later.access_token, "GET", "/crm/v6/org")).status).toBe(401);
  });

  it("answers the next calls 429 with Retry-After, then 5xx, as injected", async () => {
    const { access_token } = await connect();
    await controls.rateLimitNext({ count: 2, retryAfter: 7 });
    for (let i = 0; i < 2; i++) {
      const limited = await crm(access_token, "GET", "/crm/v6/org");
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("7");
      expect(limited.body.code).toBe("TOO_MANY_REQUESTS");
    }
    await controls.rateLimitNext({ retryAfter: null });
    expect((await crm(access_token, "GET", "/crm/v6/org")).headers.get("retry-after")).toBeNull();
    await controls.failNext({ count: 1, status: 503 });
    expect((await crm(access_token, "GET", "/crm/v6/org")).status).toBe(503);
    expect((await crm(access_token, "GET", "/crm/v6/org")).status).toBe(200);
    expect((await controls.calls()).org).toBe(5);
  });

  it("holds calls per minute to the window's end, and answers LIMIT_EXCEEDED once the day's credits are spent", async () => {
    const { access_token } = await connect();
    await controls.setLimits({ callsPerMinute: 2 });
    expect((await crm(access_token, "GET", "/crm/v6/org")).status).toBe(200);
    expect((await crm(access_token, "GET", "/crm/v6/org")).status).toBe(200);
    const over = await crm(access_token, "GET", "/crm/v6/org");
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBe("30");
    now += 30_000;
    expect((await crm(access_token, "GET", "/crm/v6/org")).status).toBe(200);

    await controls.setLimits({ callsPerMinute: null, dailyCredits: 1 });
    const spent = await crm(access_token, "GET", "/crm/v6/org");
    expect(spent.status).toBe(400);
    expect(spent.body.code).toBe("LIMIT_EXCEEDED");
    expect(Number(spent.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("contacts", () => {
  it("upserts on Email with an answer per record: added, updated, a bad record, a missing Last_Name", async () => {
    const { access_token } = await connect();
    await controls.seedContacts([{ Email: "Old@Example.com", Last_Name: "Old", tags: ["VIP"] }]);
    await controls.markBadRecord("bad@example.com");
    const upsert = await crm(access_token, "POST", "/crm/v6/Contacts/upsert", {
      data: [
        { Email: "new@example.com", Last_Name: "New", First_Name: "Nia", Account_Name: { name: "Acme" } },
        { Email: "old@example.com", Title: "CTO" },
        { Email: "bad@example.com", Last_Name: "Bad" },
        { Email: "nolast@example.com", First_Name: "No" },
      ],
      duplicate_check_fields: ["Email"],
    });
    expect(upsert.status).toBe(207);
    const [added, updated, bad, missing] = upsert.body.data;
    expect(added).toMatchObject({ code: "SUCCESS", action: "insert", duplicate_field: null, message: "record added", status: "success" });
    expect(updated).toMatchObject({ code: "SUCCESS", action: "update", duplicate_field: "Email", message: "record updated" });
    expect(bad).toEqual({
      code: "INVALID_DATA",
      details: { expected_data_type: "email", api_name: "Email", json_path: "$.data[2].Email" },
      message: "invalid data",
      status: "error",
    });
    expect(missing).toEqual({
      code: "MANDATORY_NOT_FOUND",
      details: { api_name: "Last_Name", json_path: "$.data[3].Last_Name" },
      message: "required field not found",
      status: "error",
    });
    const stored = await controls.contacts();
    expect(stored).toHaveLength(2);
    expect(stored.find((c) => c.Email === "old@example.com")).toMatchObject({ Title: "CTO", Last_Name: "Old", tags: ["VIP"] });
    expect(stored.find((c) => c.Email === "new@example.com")).toMatchObject({ id: added.details.id, Account_Name: "Acme", First_Name: "Nia" });
  });

  it("refuses more than 100 records in one upsert", async () => {
    const { access_token } = await connect();
    const data = Array.from({ length: 101 }, (_, i) => ({ Email: `p${i}@example.com`, Last_Name: "P" }));
    const refused = await crm(access_token, "POST", "/crm/v6/Contacts/upsert", { data });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toMatchObject({ limit: 100 });
  });

  it("finds contacts by email through search and COQL, with the columns asked for", async () => {
    const { access_token } = await connect();
    const [ann] = await controls.seedContacts([
      { Email: "ann@example.com", Last_Name: "Ann", Account_Name: "Acme", tags: ["MailScout Invalid Email"] },
      { Email: "o'brien@example.com", Last_Name: "O'Brien" },
      { Email: "other@example.com", Last_Name: "Other" },
    ]);
    const search = await crm(access_token, "GET", "/crm/v6/Contacts/search?email=ANN%40example.com");
    expect(search.body.data[0]).toMatchObject({ id: ann!.id, Email: "ann@example.com", Tag: [{ name: "MailScout Invalid Email" }] });
    expect((await crm(access_token, "GET", "/crm/v6/Contacts/search?email=none%40example.com")).status).toBe(204);

    const coql = await crm(access_token, "POST", "/crm/v6/coql", {
      select_query: "select Email, Last_Name, Account_Name.Account_Name, Tag from Contacts where Email in ('ann@example.com', 'o\\'brien@example.com', 'nobody@example.com') limit 200",
    });
    expect(coql.status).toBe(200);
    expect(coql.body.data).toEqual([
      { id: ann!.id, Email: "ann@example.com", Last_Name: "Ann", "Account_Name.Account_Name": "Acme", Tag: [{ name: "MailScout Invalid Email", id: expect.any(String) }] },
      { id: expect.any(String), Email: "o'brien@example.com", Last_Name: "O'Brien", "Account_Name.Account_Name": null, Tag: [] },
    ]);
    const none = await crm(access_token, "POST", "/crm/v6/coql", { select_query: "select Email from Contacts where Email in ('x@example.com')" });
    expect(none.status).toBe(204);
    const wrong = await crm(access_token, "POST", "/crm/v6/coql", { select_query: "select Email from Leads where Email = 'x@example.com'" });
    expect(wrong.body.code).toBe("SYNTAX_ERROR");
  });

  it("adds and removes a tag on records, answering each id", async () => {
    const { access_token } = await connect();
    const [a, b] = await controls.seedContacts([
      { Email: "a@example.com", Last_Name: "A" },
      { Email: "b@example.com", Last_Name: "B", tags: ["Keep"] },
    ]);
    const tags = { tags: [{ name: "MailScout Invalid Email" }] };
    const added = await crm(access_token, "POST", `/crm/v6/Contacts/actions/add_tags?ids=${a!.id},${b!.id},123`, tags);
    expect(added.status).toBe(207);
    expect(added.body.data.map((entry: { code: string }) => entry.code)).toEqual(["SUCCESS", "SUCCESS", "INVALID_DATA"]);
    expect(added.body.success_count).toBe("2");
    expect((await controls.contacts()).map((c) => c.tags)).toEqual([["MailScout Invalid Email"], ["Keep", "MailScout Invalid Email"]]);
    const removed = await crm(access_token, "POST", `/crm/v6/Contacts/actions/remove_tags?ids=${b!.id}`, tags);
    expect(removed.status).toBe(200);
    expect(removed.body.data[0]).toMatchObject({ code: "SUCCESS", message: "tags removed successfully" });
    expect((await controls.contacts()).map((c) => c.tags)).toEqual([["MailScout Invalid Email"], ["Keep"]]);
    expect(await controls.calls()).toMatchObject({ add_tags: 1, remove_tags: 1, authorize: 1 });
  });

  it("starts over on reset but keeps the connection", async () => {
    const { access_token } = await connect();
    await controls.seedContacts([{ Email: "a@example.com", Last_Name: "A" }]);
    await controls.reset();
    expect(await controls.contacts()).toEqual([]);
    expect((await crm(access_token, "GET", "/crm/v6/org")).status).toBe(200);
  });

  it("refuses bad control bodies with a 400 naming the field", async () => {
    const response = await fetcher(`${BASE}/_fake/limits`, { method: "POST", body: JSON.stringify({ callsPerMinute: 0 }) });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain("callsPerMinute");
  });
});

describe("COQL parsing", () => {
  it("reads the email list with escapes, the limit and offset", () => {
    expect(parseEmailQuery("select id, Email from Contacts where Email in ('a@x.io', 'b\\\\c@x.io') limit 10, 5")).toEqual({
      fields: ["id", "Email"],
      emails: ["a@x.io", "b\\c@x.io"],
      limit: 10,
      offset: 5,
    });
    expect(parseEmailQuery("SELECT Email FROM Contacts WHERE Email = 'a@x.io'").emails).toEqual(["a@x.io"]);
    expect(() => parseEmailQuery("select Email from Contacts where Email in ('a@x.io' 'b@x.io')")).toThrow();
    expect(() => parseEmailQuery("select Email from Contacts where Last_Name = 'a'")).toThrow();
  });
});
