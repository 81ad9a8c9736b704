// The public API against the running stack: where a key may travel, each refusal's status, words and code, the headers
// every answer carries, the key's per-minute limit across two api instances, and work done for the key's owner as
// their own (their credits, their records). Each test has its own user and key, and counts failed attempts from a
// network of its own where it counts them, so no test leans on another's counters.
import assert from "node:assert/strict";
import {
  API_KEY_EXPIRED_MESSAGE,
  API_KEY_IN_QUERY_MESSAGE,
  API_KEY_INVALID_MESSAGE,
  API_KEY_MISSING_MESSAGE,
  API_KEY_REVOKED_MESSAGE,
  integrationsErrorSchema,
  USE_AN_API_KEY_MESSAGE,
} from "../../../_shared/contracts/integrations.ts";
import { validationResultSchema } from "../../../_shared/validation/index.ts";
import { scrapeResultSchema } from "../../../_shared/explorations/index.ts";
import { grantCredits, ledgerUnits, NO_VALIDATIONS_LEFT, useUpTrial } from "../../testing/credits.ts";
import {
  callIntegrations,
  forgetLoopbackFailures,
  keyUsage,
  newApiKey,
  ownInstance,
  testNetwork,
  unknownApiKey,
} from "../../testing/integrations.ts";
import { type Answer, signedInUser, withDatabase } from "../../testing/stack.ts";

const EMAIL = { email: "ann@mailscout-demo.test" };

function assertIntegrationsError(answer: Answer, status: number, code: string, message: string) {
  assert.equal(answer.status, status, answer.text);
  const body = integrationsErrorSchema.parse(answer.json);
  assert.equal(body.message, message);
  assert.equal(body.code, code);
  assert.equal(body.requestId, answer.headers.get("x-request-id"), "the body names the call X-Request-Id names");
  if (status === 401) assert.equal(answer.headers.get("www-authenticate"), "Bearer");
}

/** The key's (or the failure counter's) window, in both header families. */
function assertRateLimitHeaders(answer: Answer, limit: number, remaining: number) {
  assert.equal(answer.headers.get("x-ratelimit-limit"), String(limit), answer.text);
  assert.equal(answer.headers.get("x-ratelimit-remaining"), String(remaining));
  const reset = Number(answer.headers.get("x-ratelimit-reset"));
  const now = Date.now() / 1000;
  assert.ok(reset > now && reset <= now + 61, `X-RateLimit-Reset ${reset} is within the minute from ${now}`);
  assert.equal(answer.headers.get("ratelimit-limit"), String(limit));
  assert.equal(answer.headers.get("ratelimit-remaining"), String(remaining));
}

async function failedAttempts(network: string): Promise<number> {
  return await withDatabase(async (sql) => {
    const [row] = await sql<{ hits: number }[]>`
      select hits from private.rate_limit_counters where subject = ${`network:${network}`} and action = 'api_key_failure'
    `;
    return row?.hits ?? 0;
  });
}

async function setProfile(userId: string, fields: Record<string, unknown>): Promise<void> {
  await withDatabase((sql) => sql`update public.profiles set ${sql(fields)} where id = ${userId}`);
}

// Where the key travels ---------------------------------------------------------------------------------------------

Deno.test("a key validates an address as a bearer token or in X-API-Key, charged to its owner and logged", async () => {
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  const asBearer = await callIntegrations("/validate-email", key.secret, { body: EMAIL });
  assert.equal(asBearer.status, 200, asBearer.text);
  assert.equal(validationResultSchema.parse(asBearer.json).email, EMAIL.email);
  assertRateLimitHeaders(asBearer, 60, 59);
  assert.ok(asBearer.headers.get("x-request-id"));
  const inHeader = await callIntegrations("/validate-email", null, { body: EMAIL, headers: { "X-API-Key": key.secret } });
  assert.equal(inHeader.status, 200, inHeader.text);
  assertRateLimitHeaders(inHeader, 60, 58);

  assert.equal(await ledgerUnits(user.id, "validation"), 2, "two validations, charged as in the app");
  await withDatabase(async (sql) => {
    const [logged] = await sql<{ count: number }[]>`
      select count(*)::integer from public.validation_logs where user_id = ${user.id}
    `;
    assert.equal(logged!.count, 2, "logged as the owner's validations");
  });
  assert.deepEqual(await keyUsage(key.id), { requests: 2, emails: 2, errors: 0 });
});

Deno.test("a key in the query string is refused with 400, whichever of api_key, key or apikey names it", async () => {
  await forgetLoopbackFailures();
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  for (const name of ["api_key", "key", "apikey", "API_KEY"]) {
    const answer = await callIntegrations(`/validate-email?${name}=${key.secret}`, key.secret, { body: EMAIL });
    assertIntegrationsError(answer, 400, "api_key_in_query", API_KEY_IN_QUERY_MESSAGE);
  }
  assert.equal(await ledgerUnits(user.id), 0, "nothing was validated");
});

Deno.test("no key: 401 API key missing, with WWW-Authenticate: Bearer and the failure counter's headers", async () => {
  await forgetLoopbackFailures();
  const answer = await callIntegrations("/validate-email", null, { body: EMAIL });
  assertIntegrationsError(answer, 401, "api_key_missing", API_KEY_MISSING_MESSAGE);
  assertRateLimitHeaders(answer, 20, 19);
});

Deno.test("every path under /api/integrations is the sub-app's, its bare prefix included", async () => {
  await forgetLoopbackFailures();
  for (const path of ["", "/", "/no-such-route"]) {
    assertIntegrationsError(await callIntegrations(path, null), 401, "api_key_missing", API_KEY_MISSING_MESSAGE);
  }
});

Deno.test("a sign-in token is refused: 401 Use an API key", async () => {
  await forgetLoopbackFailures();
  const user = await signedInUser();
  assertIntegrationsError(
    await callIntegrations("/validate-email", user.token, { body: EMAIL }),
    401,
    "api_key_required",
    USE_AN_API_KEY_MESSAGE,
  );
  assert.equal(await ledgerUnits(user.id), 0);
});

Deno.test("malformed, mistyped and unknown keys are 401 API key invalid, each counted against the client's network", async () => {
  const send = ownInstance();
  const network = testNetwork();
  const key = await newApiKey((await signedInUser()).id);
  const mistyped = key.secret.slice(0, 20) + (key.secret[20] === "A" ? "B" : "A") + key.secret.slice(21);
  const badChecksum = key.secret.slice(0, -1) + (key.secret.endsWith("0") ? "1" : "0");
  const tries = ["msk_short", `sk_${key.secret.slice(3)}`, mistyped, badChecksum, await unknownApiKey()];
  for (const tried of tries) {
    const answer = await send("/validate-email", { body: EMAIL, headers: { authorization: `Bearer ${tried}` }, clientIp: network });
    assertIntegrationsError(answer, 401, "api_key_invalid", API_KEY_INVALID_MESSAGE);
  }
  assert.equal(await failedAttempts(network), tries.length);
  assert.deepEqual(await keyUsage(key.id), { requests: 0, emails: 0, errors: 0 }, "no call of the real key was made");
});

Deno.test("past 20 failed attempts a minute, a network's refused keys get 429 with Retry-After; a working key still works", async () => {
  const send = ownInstance();
  const network = testNetwork();
  for (let n = 0; n < 20; n++) {
    const answer = await send("/validate-email", { body: EMAIL, clientIp: network });
    assert.equal(answer.status, 401, answer.text);
    assertRateLimitHeaders(answer, 20, 19 - n);
  }
  const limited = await send("/validate-email", { body: EMAIL, clientIp: network });
  assertIntegrationsError(
    limited,
    429,
    "rate_limited",
    "Too many requests with a missing or invalid API key from your network. Please try again in 1 minute.",
  );
  assert.ok(Number(limited.headers.get("retry-after")) >= 1);
  assert.equal(limited.headers.get("x-ratelimit-remaining"), "0");
  const key = await newApiKey((await signedInUser()).id);
  const working = await send("/no-such-route", { headers: { "x-api-key": key.secret }, clientIp: network });
  assertIntegrationsError(working, 404, "not_found", "Not found");
  assertRateLimitHeaders(working, 60, 59);
});

// The key's state and its owner's -----------------------------------------------------------------------------------

Deno.test("a revoked key is 401 API key revoked, and the refused call is logged against it", async () => {
  await forgetLoopbackFailures();
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  await withDatabase((sql) => sql`update public.api_keys set revoked_at = now() where id = ${key.id}`);
  assertIntegrationsError(
    await callIntegrations("/validate-email", key.secret, { body: EMAIL }),
    401,
    "api_key_revoked",
    API_KEY_REVOKED_MESSAGE,
  );
  assert.deepEqual(await keyUsage(key.id), { requests: 1, emails: 0, errors: 1 });
});

Deno.test("an expired key is 401 API key expired", async () => {
  await forgetLoopbackFailures();
  const user = await signedInUser();
  const key = await newApiKey(user.id, { expiresAt: new Date(Date.now() - 1000) });
  assertIntegrationsError(
    await callIntegrations("/validate-email", key.secret, { body: EMAIL }),
    401,
    "api_key_expired",
    API_KEY_EXPIRED_MESSAGE,
  );
});

Deno.test("a suspended owner's key gets the app's 403 with the reason", async () => {
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  await setProfile(user.id, { suspended_until: new Date("2099-01-02T03:04:00Z"), suspension_reason: "Repeated abuse" });
  const answer = await callIntegrations("/validate-email", key.secret, { body: EMAIL });
  assertIntegrationsError(
    answer,
    403,
    "account_suspended",
    "Your account is suspended until 2099-01-02 03:04 UTC: Repeated abuse",
  );
  assert.deepEqual(await keyUsage(key.id), { requests: 1, emails: 0, errors: 1 });
});

Deno.test("a throttled owner's key is refused with 429 as their own requests are", async () => {
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  await setProfile(user.id, { throttle_enabled: true, current_throttle_level: 0 });
  const answer = await callIntegrations("/validate-email", key.secret, { body: EMAIL });
  assert.equal(answer.status, 429, answer.text);
  assert.equal(integrationsErrorSchema.parse(answer.json).code, "rate_limited");
  assert.ok(Number(answer.headers.get("retry-after")) >= 1);
});

Deno.test("the 61st call of a key in a minute is 429 with Retry-After, counted across two api instances", async () => {
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  const own = ownInstance();
  const headers = { authorization: `Bearer ${key.secret}` };
  // Half through the gateway's instance, half through this one; a path no route takes still counts as a call.
  for (let n = 0; n < 60; n++) {
    const answer = n % 2 === 0
      ? await callIntegrations("/no-such-route", key.secret)
      : await own("/no-such-route", { headers });
    assertIntegrationsError(answer, 404, "not_found", "Not found");
    assertRateLimitHeaders(answer, 60, 59 - n);
  }
  const limited = await callIntegrations("/validate-email", key.secret, { body: EMAIL });
  assertIntegrationsError(
    limited,
    429,
    "rate_limited",
    `Too many requests: this API key may make 60 a minute. Please try again in ${
      Number(limited.headers.get("retry-after")) < 60 ? `${limited.headers.get("retry-after")} seconds` : "1 minute"
    }.`,
  );
  assertRateLimitHeaders(limited, 60, 0);
  assert.equal(limited.headers.get("retry-after"), limited.headers.get("ratelimit-reset"));
  assert.equal(await ledgerUnits(user.id), 0, "the refused call validated nothing");
  assert.deepEqual(await keyUsage(key.id), { requests: 61, emails: 0, errors: 61 }, "every answered call counts, the refusal too");
});

// The work, as the owner ----------------------------------------------------------------------------------------------

Deno.test("an invalid body is 400 validation_failed naming the field, with every problem in details", async () => {
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  const answer = await callIntegrations("/validate-email", key.secret, { body: { email: 42 } });
  assert.equal(answer.status, 400, answer.text);
  const body = integrationsErrorSchema.parse(answer.json);
  assert.equal(body.code, "validation_failed");
  assert.match(body.message, /^email: /);
  assert.deepEqual((body.details as { issues: { path: string }[] }).issues.map((issue) => issue.path), ["email"]);
  assert.deepEqual(await keyUsage(key.id), { requests: 1, emails: 0, errors: 1 });
});

Deno.test("a body not sent as JSON is 415 unsupported_media_type, in the one error shape", async () => {
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  assertIntegrationsError(
    await callIntegrations("/validate-email", key.secret, { rawBody: "email=ann@example.com", contentType: "text/plain" }),
    415,
    "unsupported_media_type",
    "Unsupported Media Type",
  );
});

Deno.test("with no credits left a key's validation is 402 with the app's reason, and nothing is charged", async () => {
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  await useUpTrial(user.id);
  const answer = await callIntegrations("/validate-email", key.secret, { body: EMAIL });
  assertIntegrationsError(answer, 402, "insufficient_credits", NO_VALIDATIONS_LEFT.message);
  assert.deepEqual(integrationsErrorSchema.parse(answer.json).details, { needsCredits: true, balance: 0 });
  assert.equal(await ledgerUnits(user.id), 0);
  await grantCredits(user.id, 1);
  assert.equal((await callIntegrations("/validate-email", key.secret, { body: EMAIL })).status, 200);
  assert.equal(await ledgerUnits(user.id, "validation"), 1, "credits fall as in the app");
});

Deno.test("a key works for its owner only: another user's credits and records are untouched", async () => {
  const owner = await signedInUser();
  const other = await signedInUser();
  const key = await newApiKey(owner.id);
  assert.equal((await callIntegrations("/validate-email", key.secret, { body: EMAIL })).status, 200);
  assert.equal(await ledgerUnits(owner.id), 1);
  assert.equal(await ledgerUnits(other.id), 0);
  await withDatabase(async (sql) => {
    const rows = await sql`select user_id from public.validation_logs where user_id in (${owner.id}, ${other.id})`;
    assert.deepEqual(rows.map((row) => row.user_id), [owner.id]);
  });
});

Deno.test("scrape-domain explores for the key's owner and costs one exploration", async () => {
  const user = await signedInUser();
  const key = await newApiKey(user.id);
  const answer = await callIntegrations("/scrape-domain", key.secret, {
    body: { domain: "acme-corp.test", enableScraping: false },
  });
  assert.equal(answer.status, 200, answer.text);
  assert.equal(scrapeResultSchema.parse(answer.json).domain, "acme-corp.test");
  assertRateLimitHeaders(answer, 60, 59);
  assert.equal(await ledgerUnits(user.id, "exploration"), 1);
  assert.deepEqual(await keyUsage(key.id), { requests: 1, emails: 0, errors: 0 });
});

Deno.test("the sub-app answers no CORS, a browser's preflight included: keys belong on servers", async () => {
  // Through the gateway every answer gets the platform's CORS headers (as Supabase's gateway adds them), so this asks
  // an instance directly.
  const send = ownInstance();
  const origin = { origin: "https://example.com" };
  const preflight = await send("/validate-email", {
    method: "OPTIONS",
    headers: { ...origin, "access-control-request-method": "POST" },
  });
  assert.notEqual(preflight.status, 204);
  const key = await newApiKey((await signedInUser()).id);
  const answered = await send("/validate-email", { body: EMAIL, headers: { ...origin, "x-api-key": key.secret } });
  assert.equal(answered.status, 200, answered.text);
  for (const answer of [preflight, answered]) {
    assert.deepEqual([...answer.headers.keys()].filter((name) => name.startsWith("access-control-")), []);
  }
});
