// What the API tests share: calls through the running stack's gateway (npm test starts one and sets the env), signed-in
// test users, and direct database access for arranging and checking the anonymous allowance's counters.
import assert from "node:assert/strict";
import postgres from "postgres";
import { limitReached } from "../../_shared/anonymous/index.ts";
import {
  authResponseSchema,
  errorResponseSchema,
} from "../../_shared/accounts/index.ts";

export function requiredEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) {
    throw new Error(
      `${name} is not set: the API tests call a running stack (npm test starts one and sets it)`,
    );
  }
  return value;
}

export const gateway = requiredEnv("SUPABASE_URL").replace(/\/+$/, "");

export interface Call {
  method?: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
  /** "manual" to see a redirect itself rather than where it leads. */
  redirect?: RequestRedirect;
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export async function call(
  path: string,
  { method, body, rawBody, contentType, token, headers, redirect }: Call = {},
) {
  const response = await fetch(`${gateway}${path}`, {
    method: method ??
      (body === undefined && rawBody === undefined ? "GET" : "POST"),
    headers: {
      ...(body !== undefined || rawBody !== undefined
        ? { "content-type": contentType ?? "application/json" }
        : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
    redirect,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: text ? JSON.parse(text) : undefined,
  };
}

export function assertError(response: Answer, status: number, message: string) {
  assert.equal(response.status, status, response.text);
  assert.deepEqual(errorResponseSchema.parse(response.json), { message });
}

/** A new account, signed in: its id and access token. */
export async function signedInUser(): Promise<{ id: string; token: string }> {
  const username = `u_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
  const response = await call("/api/register", {
    body: {
      username,
      email: `${username}@example.com`,
      password: `pw-${crypto.randomUUID()}`,
    },
  });
  assert.equal(response.status, 201, response.text);
  const auth = authResponseSchema.parse(response.json);
  return { id: auth.id, token: auth.session.accessToken };
}

/** A new account made an admin (what only the database may do). */
export async function signedInAdmin(): Promise<{ id: string; token: string }> {
  const admin = await signedInUser();
  await withDatabase((sql) => sql`update public.profiles set is_admin = true where id = ${admin.id}`);
  return admin;
}

const SESSION_ID_ALPHABET =
  "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** A fresh 21-character session id, as the SPA makes one (nanoid's alphabet). */
export function newSessionId(): string {
  return Array.from(
    crypto.getRandomValues(new Uint8Array(21)),
    (byte) => SESSION_ID_ALPHABET[byte & 63],
  ).join("");
}

/**
 * A database connection as the superuser, closed when `work` ends (so Deno's resource check passes), for arranging
 * what the API cannot (the allowance's tables are closed to every API role) and checking what it stored.
 */
export async function withDatabase<T>(
  work: (sql: postgres.Sql) => Promise<T>,
): Promise<T> {
  const sql = postgres(requiredEnv("SUPABASE_DB_URL"), {
    max: 1,
    onnotice: () => {},
  });
  try {
    return await work(sql);
  } finally {
    await sql.end();
  }
}

/**
 * Every test request reaches the gateway from 127.0.0.1, which the gateway names in X-Forwarded-For, so every
 * anonymous test shares one network allowance. Each anonymous test therefore starts by setting this month's count for
 * 127.0.0.1 directly in the database (0 for a clean start), instead of depending on what earlier tests used.
 */
export async function setLoopbackNetworkUsage(
  validationsUsed: number,
): Promise<void> {
  await withDatabase((sql) =>
    sql`
      insert into public.anonymous_ip_usage (client_network, usage_month, validations_used)
      values ('127.0.0.1', date_trunc('month', now() at time zone 'UTC')::date, ${validationsUsed})
      on conflict (client_network, usage_month) do update set validations_used = excluded.validations_used
    `
  );
  // The network's other limits (discount codes a day, fresh crawls without a session) start clean too.
  await forgetRateLimits(LOOPBACK_NETWORK);
}

/** The limiter's subject for every anonymous test request (the gateway names 127.0.0.1 in X-Forwarded-For). */
export const LOOPBACK_NETWORK = "network:127.0.0.1";

/** Forgets every rate-limit counter of a subject (user:<id>, session:<id>, network:<address>). */
export async function forgetRateLimits(subject: string): Promise<void> {
  await withDatabase((sql) =>
    sql`delete from private.rate_limit_counters where subject = ${subject}`
  );
}

/** What a 429 past the anonymous allowance answers today: it says when the allowance starts again. */
export function allowanceUsedUp(validationsUsed: number, freeLimit: number) {
  return limitReached(
    {
      sessionId: null,
      validationsUsed: null,
      freeLimit: null,
      networkValidationsUsed: validationsUsed,
      discountCode: null,
      discountExpiry: null,
      discountRedeemedAt: null,
    },
    freeLimit,
    new Date(),
  ).refusal;
}

/** A refusal by a limit carries when to come back, the same in Retry-After and RateLimit-Reset. */
export function assertRateLimited(response: Answer, limit: number) {
  assert.equal(response.status, 429, response.text);
  const retryAfter = Number(response.headers.get("retry-after"));
  assert.ok(
    retryAfter >= 1,
    `Retry-After: ${response.headers.get("retry-after")}`,
  );
  assert.equal(response.headers.get("ratelimit-reset"), String(retryAfter));
  assert.equal(response.headers.get("ratelimit-limit"), String(limit));
  assert.equal(response.headers.get("ratelimit-remaining"), "0");
}

export async function loopbackNetworkUsage(): Promise<number> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ validations_used: number }[]>`
      select validations_used from public.anonymous_ip_usage
      where client_network = '127.0.0.1' and usage_month = date_trunc('month', now() at time zone 'UTC')::date
    `;
    return row?.validations_used ?? 0;
  });
}

/** The session limit (anonymous_sessions.free_limit's default). */
export const SESSION_LIMIT = 10;

/** The network allowance the test stack gives the api function (ANON_IP_MONTHLY_LIMIT in devstack's test runner). */
export const NETWORK_LIMIT = 10;
