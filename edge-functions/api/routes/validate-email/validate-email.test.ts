// POST /api/validate-email against the running stack: the gateway in front, the DNS fixture behind DNS_SERVERS (zones
// in _shared/dns/testing/zones.ts), the real database. Verdict tests run signed in, so they are not counted; the
// anonymous tests set the loopback network's counter first (see setLoopbackNetworkUsage) and use fresh session ids.
import assert from "node:assert/strict";
import { limitReachedSchema } from "../../../_shared/anonymous/index.ts";
import { type ValidationResult, validationResultSchema } from "../../../_shared/validation/index.ts";
import {
  allowanceUsedUp,
  type Answer,
  assertError,
  assertRateLimited,
  call,
  loopbackNetworkUsage,
  NETWORK_LIMIT,
  newSessionId,
  requiredEnv,
  SESSION_LIMIT,
  setLoopbackNetworkUsage,
  signedInUser,
  withDatabase,
} from "../../testing/stack.ts";

const user = await signedInUser();

function validate(email: unknown, options: { token?: string; sessionId?: string; headers?: Record<string, string> } = {}) {
  return call("/api/validate-email", {
    body: { email },
    token: options.token,
    headers: { ...(options.sessionId ? { "x-session-id": options.sessionId } : {}), ...options.headers },
  });
}

function verdictOf(response: Answer): ValidationResult {
  assert.equal(response.status, 200, response.text);
  return validationResultSchema.parse(response.json);
}

/** A local part no other test uses, so what the database holds for the address is this test's alone. */
function uniqueLocal(): string {
  return `t${crypto.randomUUID().slice(0, 8)}`;
}

// Verdicts ----------------------------------------------------------------------------------------------------------

Deno.test("a domain with MX records is deliverable, its hosts sorted by priority", async () => {
  const result = verdictOf(await validate("  Ann.Lee@MailScout-Demo.test ", { token: user.token }));
  assert.equal(result.email, "Ann.Lee@mailscout-demo.test", "trimmed, the domain lower-cased");
  assert.equal(result.domain, "mailscout-demo.test");
  assert.deepEqual(
    [result.isValid, result.formatValid, result.mxRecordsFound, result.verdict, result.reasons],
    [true, true, true, "deliverable", []],
  );
  assert.deepEqual(result.mxRecords, [
    { exchange: "mx1.mailscout-demo.test", priority: 10 },
    { exchange: "mx2.mailscout-demo.test", priority: 20 },
  ]);
  // The test stack runs no probe worker (the mailbox tests start their own).
  assert.deepEqual(result.smtp, { status: "not_checked", reason: "no_worker" });
});

Deno.test("a misspelt provider gets the corrected address as a suggestion", async () => {
  const result = verdictOf(await validate("ann@gmial.com", { token: user.token }));
  assert.equal(result.suggestion, "ann@gmail.com");
  assert.ok(result.reasons.includes("possible_typo"), result.reasons.join());
});

Deno.test("a null MX (RFC 7505) is undeliverable: the domain accepts no mail", async () => {
  const result = verdictOf(await validate("ann@null-mx.test", { token: user.token }));
  assert.deepEqual([result.isValid, result.verdict, result.reasons], [false, "undeliverable", ["null_mx"]]);
});

Deno.test("no MX but an A record is deliverable by implicit MX, and risky", async () => {
  const result = verdictOf(await validate("ann@implicit-mx.test", { token: user.token }));
  assert.deepEqual(
    [result.isValid, result.mxRecordsFound, result.verdict, result.reasons],
    [true, false, "risky", ["no_mx_implicit_a"]],
  );
});

Deno.test("a DNS failure (SERVFAIL) is unknown, answered 200, never invalid", async () => {
  const result = verdictOf(await validate("ann@servfail.test", { token: user.token }));
  assert.deepEqual([result.verdict, result.reasons], ["unknown", ["dns_error"]]);
});

Deno.test("MX hosts without any address are undeliverable: mx_host_unresolved, the MX records still shown", async () => {
  const result = verdictOf(await validate("ann@mx-unresolved.test", { token: user.token }));
  assert.deepEqual(
    [result.isValid, result.mxRecordsFound, result.verdict, result.reasons],
    [false, true, "undeliverable", ["mx_host_unresolved"]],
  );
  assert.deepEqual(result.mxRecords.map((record) => record.exchange), [
    "mx1.mx-unresolved.test",
    "mx2.mx-unresolved.test",
  ]);
});

Deno.test("MX hosts only at loopback or private addresses are undeliverable: mx_private_address", async () => {
  for (const domain of ["mx-loopback.test", "mx-private.test"]) {
    const result = verdictOf(await validate(`ann@${domain}`, { token: user.token }));
    assert.deepEqual(
      [result.isValid, result.verdict, result.reasons],
      [false, "undeliverable", ["mx_private_address"]],
      domain,
    );
  }
  const partly = verdictOf(await validate("ann@mx-partly-private.test", { token: user.token }));
  assert.deepEqual([partly.isValid, partly.verdict], [true, "deliverable"], "one public MX host is enough");
});

Deno.test("an MX host whose lookup times out leaves the verdict unknown, answered within the budget", async () => {
  const result = verdictOf(await validate("ann@mx-timeout.test", { token: user.token }));
  assert.deepEqual([result.isValid, result.verdict, result.reasons], [false, "unknown", ["dns_error"]]);
});

Deno.test("a domain that does not exist (NXDOMAIN) is undeliverable", async () => {
  const result = verdictOf(await validate(`ann@no-such-domain-${uniqueLocal()}.test`, { token: user.token }));
  assert.deepEqual([result.isValid, result.verdict, result.reasons], [false, "undeliverable", ["domain_not_found"]]);
});

Deno.test("a malformed address is a verdict too (200, invalid_syntax), not a bad request", async () => {
  const result = verdictOf(await validate("not-an-address", { token: user.token }));
  assert.deepEqual([result.formatValid, result.verdict, result.reasons], [false, "undeliverable", ["invalid_syntax"]]);
});

// Bad requests ------------------------------------------------------------------------------------------------------

Deno.test("a missing, non-string or over-long email answers 400 with a message", async () => {
  const required = "email: email is required and must be a string";
  assertError(await call("/api/validate-email", { body: {} }), 400, required);
  assertError(await validate(42), 400, required);
  assertError(await validate(null), 400, required);
  assertError(await validate(`${"a".repeat(309)}@example.com`), 400, "email: Email must be at most 320 characters");
  assertError(await call("/api/validate-email", { rawBody: "email=ann@example.com" }), 400, "Request body must be JSON");
  assertError(await call("/api/validate-email", { body: ["ann@example.com"] }), 400, "Request body must be a JSON object");
});

Deno.test("an empty or blank email answers 400 and leaves the anonymous allowance untouched", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  for (const blank of ["", " ", " \t\n "]) {
    assertError(await validate(blank, { sessionId }), 400, "email: Email must not be empty");
  }
  assert.equal(await loopbackNetworkUsage(), 0, "the network was not counted");
  // The session still has its whole allowance: ten validations, then the refusal.
  for (let attempt = 1; attempt <= SESSION_LIMIT; attempt++) {
    verdictOf(await validate(`${uniqueLocal()}@mailscout-demo.test`, { sessionId }));
  }
  assertRateLimited(await validate("ann@mailscout-demo.test", { sessionId }), SESSION_LIMIT);
});

Deno.test("320 characters are accepted (and judged: longer than an address may be)", async () => {
  const result = verdictOf(await validate(`${"a".repeat(308)}@example.com`, { token: user.token }));
  assert.equal(result.formatValid, false);
});

Deno.test("an X-Session-ID that is not a session id answers 400", async () => {
  assertError(
    await validate("ann@mailscout-demo.test", { headers: { "x-session-id": "short" } }),
    400,
    "X-Session-ID must be 21 characters of A-Z, a-z, 0-9, _ or -",
  );
});

Deno.test("GET /api/validate-email is not a route: 404", async () => {
  assertError(await call("/api/validate-email"), 404, "Not found");
});

// Storage -----------------------------------------------------------------------------------------------------------

Deno.test("each validation is stored: the address's latest result, counted, and a log row for who asked", async () => {
  const email = `${uniqueLocal()}@mailscout-demo.test`;
  verdictOf(await validate(email, { token: user.token }));
  verdictOf(await validate(email.toUpperCase(), { token: user.token }));

  await withDatabase(async (sql) => {
    const cached = await sql`
      select email, domain, verdict, reasons, mx_records, validation_count,
             first_validated_at < last_validated_at as counted_again
      from public.email_validations where lower(email) = ${email}
    `;
    assert.deepEqual([...cached], [{
      email,
      domain: "mailscout-demo.test",
      verdict: "deliverable",
      reasons: [],
      mx_records: [
        { exchange: "mx1.mailscout-demo.test", priority: 10 },
        { exchange: "mx2.mailscout-demo.test", priority: 20 },
      ],
      validation_count: 2,
      counted_again: true,
    }], "one row whatever the local part's case, counted twice, first and last times kept apart");

    const logs = await sql`
      select validation_type, emails_processed, valid_emails, invalid_emails, warning_emails, session_id, domain
      from public.validation_logs where user_id = ${user.id} and domain = 'mailscout-demo.test'
      order by id desc limit 1
    `;
    assert.deepEqual([...logs], [{
      validation_type: "single",
      emails_processed: 1,
      valid_emails: 1,
      invalid_emails: 0,
      warning_emails: 0,
      session_id: null,
      domain: "mailscout-demo.test",
    }]);
  });
});

// The anonymous allowance -------------------------------------------------------------------------------------------

Deno.test("an anonymous session gets ten validations; the eleventh answers 429 with what the upgrade dialog needs", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  for (let attempt = 1; attempt <= SESSION_LIMIT; attempt++) {
    verdictOf(await validate(`${uniqueLocal()}@mailscout-demo.test`, { sessionId }));
  }
  const refused = await validate("ann@mailscout-demo.test", { sessionId });
  assertRateLimited(refused, SESSION_LIMIT);
  assert.deepEqual(limitReachedSchema.parse(refused.json), allowanceUsedUp(SESSION_LIMIT, SESSION_LIMIT));

  await withDatabase(async (sql) => {
    const [session] = await sql`
      select validations_used, registration_prompted from public.anonymous_sessions where session_id = ${sessionId}
    `;
    assert.deepEqual(session, { validations_used: SESSION_LIMIT, registration_prompted: true });
    const [logged] = await sql`
      select count(*)::int as n, bool_and(user_id is null) as anonymous
      from public.validation_logs where session_id = ${sessionId}
    `;
    assert.deepEqual(logged, { n: SESSION_LIMIT, anonymous: true }, "the refused validation was neither made nor logged");
  });
});

Deno.test("a new session from the same address is still refused once the address's allowance is used", async () => {
  // Other sessions used all but ten; this one uses those ten.
  await setLoopbackNetworkUsage(NETWORK_LIMIT - SESSION_LIMIT);
  const first = newSessionId();
  for (let attempt = 1; attempt <= SESSION_LIMIT; attempt++) {
    verdictOf(await validate(`${uniqueLocal()}@mailscout-demo.test`, { sessionId: first }));
  }
  // Local storage cleared: the browser comes back with a new id.
  const refused = await validate("ann@mailscout-demo.test", { sessionId: newSessionId() });
  assertRateLimited(refused, SESSION_LIMIT);
  assert.deepEqual(limitReachedSchema.parse(refused.json), allowanceUsedUp(SESSION_LIMIT, SESSION_LIMIT));
});

Deno.test("without X-Session-ID a validation counts against the address alone, up to its allowance", async () => {
  await setLoopbackNetworkUsage(NETWORK_LIMIT - 1);
  verdictOf(await validate("ann@mailscout-demo.test"));
  assert.equal(await loopbackNetworkUsage(), NETWORK_LIMIT);
  const refused = await validate("ann@mailscout-demo.test");
  assertRateLimited(refused, NETWORK_LIMIT);
  assert.deepEqual(limitReachedSchema.parse(refused.json), allowanceUsedUp(NETWORK_LIMIT, NETWORK_LIMIT));
});

Deno.test("the address counted is the one the gateway saw, not an X-Forwarded-For the client made up", async () => {
  await setLoopbackNetworkUsage(0);
  const spoofed = "198.51.100.77";
  verdictOf(await validate("ann@mailscout-demo.test", { headers: { "x-forwarded-for": spoofed } }));
  assert.equal(await loopbackNetworkUsage(), 1);
  await withDatabase(async (sql) => {
    const rows = await sql`select 1 from public.anonymous_ip_usage where client_network = ${spoofed}::inet`;
    assert.equal(rows.length, 0);
  });
});

Deno.test("concurrent validations never pass the limit: of fifteen at once, exactly ten are made", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  const answers = await Promise.all(
    Array.from({ length: 15 }, () => validate(`${uniqueLocal()}@mailscout-demo.test`, { sessionId })),
  );
  const statuses = answers.map((answer) => answer.status).sort();
  assert.deepEqual(statuses, [...Array(SESSION_LIMIT).fill(200), ...Array(5).fill(429)]);
});

Deno.test("a signed-in user is not counted, even from a used-up session and address, and the session converts", async () => {
  await setLoopbackNetworkUsage(NETWORK_LIMIT);
  const sessionId = newSessionId();
  assert.equal((await validate("ann@mailscout-demo.test", { sessionId })).status, 429, "the visitor is refused");

  for (let attempt = 1; attempt <= SESSION_LIMIT + 2; attempt++) {
    verdictOf(await validate(`${uniqueLocal()}@mailscout-demo.test`, { token: user.token, sessionId }));
  }
  assert.equal(await loopbackNetworkUsage(), NETWORK_LIMIT, "nothing more was counted");
  await withDatabase(async (sql) => {
    const [session] = await sql`
      select validations_used, converted_to_user from public.anonymous_sessions where session_id = ${sessionId}
    `;
    assert.deepEqual(session, { validations_used: 0, converted_to_user: true });
  });
});

Deno.test("a bearer token that names no user, or that Auth rejects, leaves the visitor anonymous and counted", async () => {
  await setLoopbackNetworkUsage(0);
  const apiKey = requiredEnv("SUPABASE_ANON_KEY");
  for (const token of [apiKey, "garbage", `${user.token.slice(0, -4)}AAAA`]) {
    verdictOf(await validate("ann@mailscout-demo.test", { token }));
  }
  assert.equal(await loopbackNetworkUsage(), 3);
});
