// Zoho CRM's REST API v6 for the sync: the organisation (Test Connection), a contact by email (search), contacts by a
// COQL "Email in (...)" lookup, upsert on Email, and a tag added or removed on records. Every call carries
// `Authorization: Zoho-oauthtoken`; Zoho's answers are parsed with zod, so only what Zoho says counts.
//
// The client rides out what Zoho does to a long sync: an expired token (401 INVALID_TOKEN) is refreshed once through
// the token source and the call repeated; 429 waits for Retry-After (seconds or an HTTP date), else a jittered
// exponential backoff; 5xx and timeouts are retried three times. Each wait is announced through onWait first (the
// worker extends its lease) and spent through the injected sleep (tests keep a virtual clock). Spent daily credits end
// the call with ZohoCreditsExhausted, and a record Zoho refuses is returned among the results, never thrown.
import { z } from "zod";
import { ZOHO_LOOKUP_BATCH, ZOHO_UPSERT_BATCH } from "../contract.ts";
import { ZohoApiError, ZohoCreditsExhausted, ZohoReconnectNeeded, ZohoUnavailable } from "./errors.ts";

/** Where a caller gets the access token; the store refreshes it once for everyone (row-locked, single flight). */
export interface TokenSource {
  current(): Promise<string>;
  /** A new token after Zoho rejected `rejected`; throws ZohoReconnectNeeded when Zoho refuses the refresh token. */
  refreshAfterRejected(rejected: string): Promise<string>;
}

export interface ZohoClientOptions {
  /** The user's API domain (trusted beforehand: hosts.ts). */
  apiBase: string;
  tokens: TokenSource;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** 0 ≤ x < 1, for the backoff's jitter. */
  random?: () => number;
  /** Told of each wait before it starts, in milliseconds. */
  onWait?: (ms: number) => void | Promise<void>;
  /** Milliseconds since the epoch: for Retry-After dates and when spent credits come back. */
  now?: () => number;
}

/** The Contacts fields the sync reads and writes besides Email, by Zoho API name (Account_Name as the account's name). */
export const ZOHO_CONTACT_FIELDS = ["First_Name", "Last_Name", "Phone", "Mobile", "Title", "Account_Name"] as const;
export type ZohoContactField = (typeof ZOHO_CONTACT_FIELDS)[number];

export interface ZohoContact {
  id: string;
  email: string;
  fields: Record<ZohoContactField, string | null>;
  tags: string[];
}

/** A contact to upsert: Email (the duplicate check) and the fields to set; a field left out stays as it is in Zoho. */
export type ZohoContactWrite = { Email: string } & Partial<Record<ZohoContactField, string>>;

export type ZohoRecordResult =
  | { ok: true; id: string; action: "insert" | "update" }
  | { ok: false; code: string; message: string; field: string | null };

export interface ZohoTagResult {
  id: string;
  ok: boolean;
  message: string;
}

export interface ZohoClient {
  organization(): Promise<{ id: string; name: string }>;
  searchContactByEmail(email: string): Promise<ZohoContact | null>;
  findContactsByEmails(emails: string[]): Promise<ZohoContact[]>;
  upsertContacts(records: ZohoContactWrite[]): Promise<ZohoRecordResult[]>;
  addTags(ids: string[], tag: string): Promise<ZohoTagResult[]>;
  removeTags(ids: string[], tag: string): Promise<ZohoTagResult[]>;
}

const CALL_TIMEOUT_MS = 30_000;
/** Retries of a 5xx or a timeout, after the first attempt. */
export const ZOHO_SERVER_RETRIES = 3;
/** 429s one call rides out before Zoho counts as unavailable. */
const RATE_LIMIT_RETRIES = 10;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;
/** Zoho's credits come back over a rolling day; without a Retry-After, the worst case. */
const CREDITS_WINDOW_MS = 24 * 60 * 60_000;

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null || header.trim() === "") return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The n-th backoff (from 0): doubling from a second to a minute, each jittered into its upper half. */
export function backoffMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

const errorSchema = z.object({ code: z.string(), message: z.string().default("") });
const lookupName = z.union([z.string(), z.object({ name: z.string().nullish() }).transform((lookup) => lookup.name ?? null)]);
const recordSchema = z.object({
  id: z.string(),
  Email: z.string().nullish(),
  First_Name: z.string().nullish(),
  Last_Name: z.string().nullish(),
  Phone: z.string().nullish(),
  Mobile: z.string().nullish(),
  Title: z.string().nullish(),
  Account_Name: lookupName.nullish(),
  /** COQL's way of giving a lookup's name. */
  "Account_Name.Account_Name": z.string().nullish(),
  Tag: z.array(z.object({ name: z.string() })).nullish(),
});
const recordsSchema = z.object({ data: z.array(recordSchema) });
const entrySchema = z.object({
  code: z.string(),
  status: z.enum(["success", "error"]),
  message: z.string().default(""),
  action: z.enum(["insert", "update"]).optional(),
  details: z.object({ id: z.string().optional(), api_name: z.string().optional() }).default({}),
});
const entriesSchema = z.object({ data: z.array(entrySchema) });
const orgSchema = z.object({ org: z.array(z.object({ id: z.union([z.string(), z.number()]), company_name: z.string().nullish() })).min(1) });

function contactOf(record: z.infer<typeof recordSchema>): ZohoContact {
  const account = record["Account_Name.Account_Name"] ?? record.Account_Name ?? null;
  return {
    id: record.id,
    email: record.Email ?? "",
    fields: {
      First_Name: record.First_Name ?? null,
      Last_Name: record.Last_Name ?? null,
      Phone: record.Phone ?? null,
      Mobile: record.Mobile ?? null,
      Title: record.Title ?? null,
      Account_Name: account,
    },
    tags: (record.Tag ?? []).map((tag) => tag.name),
  };
}

/** A COQL string literal: quote and backslash escaped with a backslash. */
function coqlString(value: string): string {
  return `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

function parse<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ZohoApiError(502, "UNEXPECTED_ANSWER", `Zoho's answer to ${what} was not as documented`);
  return parsed.data;
}

export function createZohoClient(options: ZohoClientOptions): ZohoClient {
  const fetcher = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const now = options.now ?? Date.now;
  const apiBase = options.apiBase.replace(/\/+$/, "");

  const wait = async (ms: number) => {
    await options.onWait?.(ms);
    await sleep(ms);
  };

  /** One call through every retry: answers Zoho's status and parsed body (null when empty). */
  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; answer: unknown }> {
    let token = await options.tokens.current();
    let refreshed = false;
    let serverFailures = 0;
    let rateLimits = 0;
    for (;;) {
      let response: Response | null = null;
      let failure: string;
      try {
        response = await fetcher(`${apiBase}${path}`, {
          method,
          headers: {
            Authorization: `Zoho-oauthtoken ${token}`,
            ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
        });
        failure = `answered ${response.status}`;
      } catch (error) {
        failure = `could not be reached: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (response === null || response.status >= 500) {
        await response?.body?.cancel();
        if (serverFailures === ZOHO_SERVER_RETRIES) {
          throw new ZohoUnavailable(`Zoho ${failure} to ${method} ${path} after ${ZOHO_SERVER_RETRIES} retries`);
        }
        await wait(backoffMs(serverFailures++, random));
        continue;
      }
      const text = await response.text();
      let answer: unknown = null;
      if (text.trim() !== "") {
        try {
          answer = JSON.parse(text);
        } catch {
          throw new ZohoApiError(response.status, "UNEXPECTED_ANSWER", `Zoho answered ${method} ${path} without JSON`);
        }
      }
      const error = errorSchema.safeParse(answer);
      const code = error.success ? error.data.code : null;
      if (response.status === 401 && code === "INVALID_TOKEN") {
        // A token refreshed a moment ago and refused again means Zoho no longer honours this connection.
        if (refreshed) throw new ZohoReconnectNeeded("Zoho refused a freshly refreshed access token; connect to Zoho again");
        token = await options.tokens.refreshAfterRejected(token);
        refreshed = true;
        continue;
      }
      if (response.status >= 400 && code === "LIMIT_EXCEEDED") {
        const resumeIn = retryAfterMs(response.headers.get("retry-after"), now()) ?? CREDITS_WINDOW_MS;
        throw new ZohoCreditsExhausted(new Date(now() + resumeIn));
      }
      if (response.status === 429) {
        if (rateLimits === RATE_LIMIT_RETRIES) throw new ZohoUnavailable(`Zoho kept answering 429 to ${method} ${path}`);
        await wait(retryAfterMs(response.headers.get("retry-after"), now()) ?? backoffMs(rateLimits, random));
        rateLimits++;
        continue;
      }
      return { status: response.status, answer };
    }
  }

  function refusal(result: { status: number; answer: unknown }): ZohoApiError {
    const error = errorSchema.safeParse(result.answer);
    return new ZohoApiError(result.status, error.success ? error.data.code : "UNKNOWN", error.success ? error.data.message : "");
  }

  /** A call whose answer is one body: a refusal of the whole request is a ZohoApiError. */
  async function succeed(method: "GET" | "POST", path: string, body?: unknown) {
    const result = await call(method, path, body);
    if (result.status >= 400) throw refusal(result);
    return result;
  }

  /** A call answered per record (200 all, 207 some, 400 none succeeded): the entries, or the whole request's refusal. */
  async function perRecord(path: string, body: unknown, count: number) {
    const result = await call("POST", path, body);
    const entries = entriesSchema.safeParse(result.answer);
    if (!entries.success && result.status >= 400) throw refusal(result);
    const data = parse(entriesSchema, result.answer, path).data;
    if (data.length !== count) throw new ZohoApiError(502, "UNEXPECTED_ANSWER", `Zoho answered ${data.length} entries for ${count} records`);
    return data;
  }

  async function tags(action: "add_tags" | "remove_tags", ids: string[], tag: string): Promise<ZohoTagResult[]> {
    if (ids.length === 0) return [];
    if (ids.length > ZOHO_UPSERT_BATCH) throw new RangeError(`At most ${ZOHO_UPSERT_BATCH} records per tag call`);
    const path = `/crm/v6/Contacts/actions/${action}?ids=${ids.map(encodeURIComponent).join(",")}`;
    const entries = await perRecord(path, { tags: [{ name: tag }] }, ids.length);
    return entries.map((entry, index) => ({ id: entry.details.id ?? ids[index]!, ok: entry.status === "success", message: entry.message }));
  }

  return {
    async organization() {
      const { answer } = await succeed("GET", "/crm/v6/org");
      const [org] = parse(orgSchema, answer, "GET /crm/v6/org").org;
      return { id: String(org!.id), name: org!.company_name ?? "" };
    },

    async searchContactByEmail(email) {
      const { status, answer } = await succeed("GET", `/crm/v6/Contacts/search?email=${encodeURIComponent(email)}`);
      if (status === 204 || answer === null) return null;
      const [record] = parse(recordsSchema, answer, "a Contacts search").data;
      return record ? contactOf(record) : null;
    },

    async findContactsByEmails(emails) {
      if (emails.length === 0) return [];
      if (emails.length > ZOHO_LOOKUP_BATCH) throw new RangeError(`At most ${ZOHO_LOOKUP_BATCH} addresses per lookup`);
      const columns = ["Email", ...ZOHO_CONTACT_FIELDS.filter((field) => field !== "Account_Name"), "Account_Name.Account_Name", "Tag"];
      // Zoho may hold an address more than once; 200 rows leave room for that beside 50 addresses.
      const select_query = `select ${columns.join(", ")} from Contacts where Email in (${emails.map(coqlString).join(", ")}) limit 200`;
      const { status, answer } = await succeed("POST", "/crm/v6/coql", { select_query });
      if (status === 204 || answer === null) return [];
      return parse(recordsSchema, answer, "a COQL lookup").data.map(contactOf);
    },

    async upsertContacts(records) {
      if (records.length === 0) return [];
      if (records.length > ZOHO_UPSERT_BATCH) throw new RangeError(`At most ${ZOHO_UPSERT_BATCH} records per upsert`);
      const data = records.map(({ Account_Name, ...fields }) => (Account_Name === undefined ? fields : { ...fields, Account_Name: { name: Account_Name } }));
      const entries = await perRecord("/crm/v6/Contacts/upsert", { data, duplicate_check_fields: ["Email"], trigger: [] }, records.length);
      return entries.map((entry): ZohoRecordResult =>
        entry.status === "success" && entry.details.id
          ? { ok: true, id: entry.details.id, action: entry.action ?? "update" }
          : { ok: false, code: entry.code, message: entry.message, field: entry.details.api_name ?? null },
      );
    },

    addTags: (ids, tag) => tags("add_tags", ids, tag),
    removeTags: (ids, tag) => tags("remove_tags", ids, tag),
  };
}
