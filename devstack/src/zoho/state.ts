// What the fake Zoho holds and how it changes: OAuth grants (codes, refresh and access tokens), the CRM's contacts with
// their tags, and the test controls' faults and limits. Each CRM call passes the gates real Zoho applies before it does
// anything: a known, unexpired access token, calls per minute, and the day's API credits.
import { randomBytes, randomInt } from "node:crypto";
import { ZohoAccountsError, ZohoCrmError, invalidToken } from "./errors.ts";

/** Every kind of call the fake answers, counted for tests that prove how few calls a sync makes. */
export const CALL_KINDS = [
  "authorize",
  "refresh",
  "revoke",
  "org",
  "search",
  "coql",
  "upsert",
  "add_tags",
  "remove_tags",
] as const;
export type CallKind = (typeof CALL_KINDS)[number];
export type CrmCallKind = Exclude<CallKind, "authorize" | "refresh" | "revoke">;

/** The Contacts fields the fake keeps: text fields by API name; the account is a lookup, kept by its name. */
export const CONTACT_TEXT_FIELDS = ["Email", "First_Name", "Last_Name", "Phone", "Mobile", "Title"] as const;
export type ContactTextField = (typeof CONTACT_TEXT_FIELDS)[number];

export interface StoredContact {
  id: string;
  fields: Record<ContactTextField, string | null>;
  /** Account_Name's name; the fake makes the account when a contact names a new one. */
  accountName: string | null;
  tags: string[];
  createdTime: string;
  modifiedTime: string;
}

interface AccessToken {
  refreshToken: string | null;
  expiresAt: number;
}

interface GrantCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  expiresAt: number;
}

/** Zoho's grant codes last a few minutes and access tokens an hour. */
const CODE_TTL_MS = 2 * 60_000;
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * 60_000;

export const FAKE_ORG = { id: "845672910", company_name: "MailScout Test Org", domain_name: "org845672910", time_zone: "UTC" };
export const FAKE_USER = { name: "Test Admin", id: "4876876000000398001" };

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
/** Zoho's tokens: "1000." and two hex parts. */
const zohoToken = () => `1000.${hex(16)}.${hex(16)}`;
/** Zoho's record ids: 19 digits. */
const recordId = () => `4876876${String(randomInt(10 ** 11, 10 ** 12))}`;

export interface FaultCounts {
  rateLimited: { count: number; retryAfter: string | null };
  serverErrors: { count: number; status: 500 | 502 | 503 | 504 };
}

export class ZohoState {
  readonly #codes = new Map<string, GrantCode>();
  readonly #refreshTokens = new Map<string, { clientId: string; scope: string }>();
  readonly #accessTokens = new Map<string, AccessToken>();
  readonly #contacts = new Map<string, StoredContact>();
  /** Ids of the accounts and tags named so far, so a name keeps its id. */
  readonly #lookupIds = new Map<string, string>();
  readonly #badEmails = new Set<string>();
  readonly #calls = new Map<CallKind, number>();
  #rateLimited: FaultCounts["rateLimited"] = { count: 0, retryAfter: "1" };
  #serverErrors: FaultCounts["serverErrors"] = { count: 0, status: 500 };
  #callsPerMinute: number | null = null;
  #dailyCredits: number | null = null;
  #minute = { start: 0, calls: 0 };
  #day = { start: 0, credits: 0 };

  constructor(
    readonly client: { id: string; secret: string },
    private readonly clock: () => number = Date.now,
  ) {}

  #iso(): string {
    return new Date(this.clock()).toISOString().replace(/\.\d{3}Z$/, "+00:00");
  }

  count(kind: CallKind): void {
    this.#calls.set(kind, (this.#calls.get(kind) ?? 0) + 1);
  }

  calls(): Record<CallKind, number> {
    return Object.fromEntries(CALL_KINDS.map((kind) => [kind, this.#calls.get(kind) ?? 0])) as Record<CallKind, number>;
  }

  // OAuth.

  checkClient(clientId: string | undefined, clientSecret?: string): void {
    if (clientId !== this.client.id || (clientSecret !== undefined && clientSecret !== this.client.secret)) {
      throw new ZohoAccountsError("invalid_client");
    }
  }

  issueCode(clientId: string, redirectUri: string, scope: string): string {
    const code = zohoToken();
    this.#codes.set(code, { clientId, redirectUri, scope, expiresAt: this.clock() + CODE_TTL_MS });
    return code;
  }

  /** The authorization_code grant: a code is used once, by the client it was issued to, with the same redirect. */
  exchangeCode(input: { code: string; clientId: string; redirectUri: string }) {
    const grant = this.#codes.get(input.code);
    this.#codes.delete(input.code);
    if (!grant || grant.expiresAt <= this.clock() || grant.clientId !== input.clientId) throw new ZohoAccountsError("invalid_code");
    if (grant.redirectUri !== input.redirectUri) throw new ZohoAccountsError("invalid_redirect_uri");
    const refreshToken = zohoToken();
    this.#refreshTokens.set(refreshToken, { clientId: input.clientId, scope: grant.scope });
    return { accessToken: this.#issueAccessToken(refreshToken), refreshToken, scope: grant.scope };
  }

  refresh(input: { refreshToken: string; clientId: string }) {
    const grant = this.#refreshTokens.get(input.refreshToken);
    if (!grant || grant.clientId !== input.clientId) throw new ZohoAccountsError("invalid_code");
    return { accessToken: this.#issueAccessToken(input.refreshToken), scope: grant.scope };
  }

  #issueAccessToken(refreshToken: string | null): string {
    const token = zohoToken();
    this.#accessTokens.set(token, { refreshToken, expiresAt: this.clock() + ACCESS_TOKEN_TTL_SECONDS * 1000 });
    return token;
  }

  /** Revoking a refresh token revokes the access tokens made from it; revoking an access token only that one. */
  revoke(token: string): void {
    if (this.#refreshTokens.delete(token)) {
      for (const [access, { refreshToken }] of this.#accessTokens) if (refreshToken === token) this.#accessTokens.delete(access);
    }
    this.#accessTokens.delete(token);
  }

  refreshTokenCount(): number {
    return this.#refreshTokens.size;
  }

  /** The header Zoho reads, `Authorization: Zoho-oauthtoken <token>`; anything else is no token at all. */
  authenticate(header: string | undefined): void {
    const match = /^Zoho-oauthtoken\s+(\S+)$/.exec(header ?? "");
    const token = match && this.#accessTokens.get(match[1]!);
    if (!token || token.expiresAt <= this.clock()) throw invalidToken();
  }

  // Controls.

  expireAccessTokens(): number {
    const expired = this.#accessTokens.size;
    this.#accessTokens.clear();
    return expired;
  }

  /** As when the user revokes the app at Zoho, or its refresh token lapses: every refresh grant is refused. */
  revokeRefreshTokens(): number {
    const revoked = this.#refreshTokens.size;
    this.#refreshTokens.clear();
    this.#accessTokens.clear();
    return revoked;
  }

  injectRateLimits(count: number, retryAfter: string | null): void {
    this.#rateLimited = { count, retryAfter };
  }

  injectServerErrors(count: number, status: FaultCounts["serverErrors"]["status"]): void {
    this.#serverErrors = { count, status };
  }

  setLimits(limits: { callsPerMinute?: number | null; dailyCredits?: number | null }): void {
    if (limits.callsPerMinute !== undefined) this.#callsPerMinute = limits.callsPerMinute;
    if (limits.dailyCredits !== undefined) this.#dailyCredits = limits.dailyCredits;
  }

  markBadRecord(email: string): void {
    this.#badEmails.add(email.toLowerCase());
  }

  isBadRecord(email: string): boolean {
    return this.#badEmails.has(email.toLowerCase());
  }

  /** Starts the CRM over (contacts, faults, limits, counts); grants stay, so a connection made earlier still works. */
  reset(): void {
    for (const map of [this.#contacts, this.#lookupIds, this.#calls]) map.clear();
    this.#badEmails.clear();
    this.#rateLimited = { count: 0, retryAfter: "1" };
    this.#serverErrors = { count: 0, status: 500 };
    this.#callsPerMinute = null;
    this.#dailyCredits = null;
    this.#minute = { start: 0, calls: 0 };
    this.#day = { start: 0, credits: 0 };
  }

  /**
   * What stands between a CRM call and its work, in the order Zoho's front end meets it: an injected fault, the
   * token, the per-minute window (429 with Retry-After to the window's end) and the day's credits (each call costs one).
   */
  admit(authorization: string | undefined): void {
    if (this.#serverErrors.count > 0) {
      this.#serverErrors.count--;
      throw new ZohoCrmError(this.#serverErrors.status, "INTERNAL_ERROR", "Internal Server Error");
    }
    if (this.#rateLimited.count > 0) {
      this.#rateLimited.count--;
      throw tooManyRequests(this.#rateLimited.retryAfter);
    }
    this.authenticate(authorization);
    const now = this.clock();
    if (now - this.#minute.start >= MINUTE_MS) this.#minute = { start: now - (now % MINUTE_MS), calls: 0 };
    if (this.#callsPerMinute !== null && this.#minute.calls >= this.#callsPerMinute) {
      throw tooManyRequests(String(Math.max(1, Math.ceil((this.#minute.start + MINUTE_MS - now) / 1000))));
    }
    if (now - this.#day.start >= DAY_MS) this.#day = { start: now - (now % DAY_MS), credits: 0 };
    if (this.#dailyCredits !== null && this.#day.credits >= this.#dailyCredits) {
      throw new ZohoCrmError(
        400,
        "LIMIT_EXCEEDED",
        "You have reached the maximum API credits for the day",
        { limit: this.#dailyCredits },
        { "Retry-After": String(Math.ceil((this.#day.start + DAY_MS - now) / 1000)) },
      );
    }
    this.#minute.calls++;
    this.#day.credits++;
  }

  // Contacts.

  contacts(): StoredContact[] {
    return [...this.#contacts.values()];
  }

  contactByEmail(email: string): StoredContact | undefined {
    const key = email.toLowerCase();
    return this.contacts().find((contact) => contact.fields.Email?.toLowerCase() === key);
  }

  contact(id: string): StoredContact | undefined {
    return this.#contacts.get(id);
  }

  lookupId(kind: "account" | "tag", name: string): string {
    const key = `${kind}:${name}`;
    let id = this.#lookupIds.get(key);
    if (!id) this.#lookupIds.set(key, (id = recordId()));
    return id;
  }

  /** Creates a contact (no id) or changes one: a value replaces, null clears, an absent field stays. */
  save(
    existing: StoredContact | undefined,
    changes: Partial<Record<ContactTextField, string | null>>,
    accountName: string | null | undefined,
  ): StoredContact {
    const now = this.#iso();
    const contact: StoredContact = existing ?? {
      id: recordId(),
      fields: Object.fromEntries(CONTACT_TEXT_FIELDS.map((field) => [field, null])) as StoredContact["fields"],
      accountName: null,
      tags: [],
      createdTime: now,
      modifiedTime: now,
    };
    Object.assign(contact.fields, changes);
    if (accountName !== undefined) contact.accountName = accountName;
    contact.modifiedTime = now;
    this.#contacts.set(contact.id, contact);
    return contact;
  }

  tag(id: string, name: string, add: boolean): StoredContact | undefined {
    const contact = this.#contacts.get(id);
    if (!contact) return undefined;
    contact.tags = add ? [...new Set([...contact.tags, name])] : contact.tags.filter((tag) => tag !== name);
    return contact;
  }
}

/** Zoho's 429; without Retry-After (null), the client has to back off on its own. */
function tooManyRequests(retryAfter: string | null): ZohoCrmError {
  const headers: Record<string, string> = retryAfter === null ? {} : { "Retry-After": retryAfter };
  return new ZohoCrmError(429, "TOO_MANY_REQUESTS", "You have made too many requests. Please try again later.", {}, headers);
}
