// The anonymous allowance's endpoints against the running stack. Every test uses fresh session ids and sets the
// loopback network's counter first (all test requests come from 127.0.0.1; see setLoopbackNetworkUsage).
import assert from "node:assert/strict";
import {
  anonymousSessionSchema,
  discountSchema,
} from "../../../_shared/anonymous/index.ts";
import { createApp } from "../../app.ts";
import {
  type Answer,
  assertError,
  assertRateLimited,
  call,
  forgetRateLimits,
  LOOPBACK_NETWORK,
  NETWORK_LIMIT,
  newSessionId,
  SESSION_LIMIT,
  setLoopbackNetworkUsage,
  withDatabase,
} from "../../testing/stack.ts";

const BAD_SESSION_ID =
  "sessionId must be 21 characters of A-Z, a-z, 0-9, _ or -";

function openSession(sessionId: string, headers: Record<string, string> = {}) {
  return call("/api/anonymous/session", {
    headers: { "x-session-id": sessionId, ...headers },
  });
}

function sessionOf(response: Answer) {
  assert.equal(response.status, 200, response.text);
  return anonymousSessionSchema.parse(response.json);
}

/** Uses up `count` of the session's validations the way a visitor does. */
async function validateAnonymously(sessionId: string, count: number) {
  for (let attempt = 1; attempt <= count; attempt++) {
    const response = await call("/api/validate-email", {
      body: { email: "ann@mailscout-demo.test" },
      headers: { "x-session-id": sessionId },
    });
    assert.equal(response.status, 200, response.text);
  }
}

/** Two sessions of the loopback network that have each used their allowance up, before any discount code is issued. */
async function twoUsedUpSessionsOfOneNetwork(): Promise<[string, string]> {
  const sessions: [string, string] = [newSessionId(), newSessionId()];
  for (const sessionId of sessions) {
    // The network's monthly count is set back between them, so each session can use all of its own.
    await setLoopbackNetworkUsage(0);
    await validateAnonymously(sessionId, SESSION_LIMIT);
  }
  return sessions;
}

function updateUsage(sessionId: string, validationsUsed: unknown) {
  return call("/api/anonymous/update-usage", {
    body: { sessionId, validationsUsed },
  });
}

function generateDiscount(sessionId: string) {
  return call(`/api/anonymous/generate-discount/${sessionId}`, {
    method: "POST",
  });
}

const fresh = (sessionId: string) => ({
  sessionId,
  validationsUsed: 0,
  freeLimit: SESSION_LIMIT,
  remaining: SESSION_LIMIT,
  needsRegistration: false,
  discountCode: null,
  discountEligible: false,
  discountExpiresAt: null,
});

// GET /api/anonymous/session ----------------------------------------------------------------------------------------

Deno.test("GET /api/anonymous/session creates the session on first sight and answers where it stands", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  assert.deepEqual(
    sessionOf(await openSession(sessionId, { "user-agent": "MailScout test" })),
    fresh(sessionId),
  );
  await withDatabase(async (sql) => {
    const rows = await sql`
      select host(ip_address) as ip, user_agent, free_limit from public.anonymous_sessions where session_id = ${sessionId}
    `;
    assert.deepEqual([...rows], [{
      ip: "127.0.0.1",
      user_agent: "MailScout test",
      free_limit: SESSION_LIMIT,
    }]);
  });
  assert.deepEqual(
    sessionOf(await openSession(sessionId)),
    fresh(sessionId),
    "asking again changes nothing",
  );
});

Deno.test("GET /api/anonymous/session counts what the session used, and what its address has left", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  await validateAnonymously(sessionId, 3);
  assert.deepEqual(sessionOf(await openSession(sessionId)), {
    ...fresh(sessionId),
    validationsUsed: 3,
    remaining: 7,
  });

  // Clearing local storage: a new session on an address that has used its allowance has nothing left either.
  await setLoopbackNetworkUsage(NETWORK_LIMIT);
  const cleared = newSessionId();
  assert.deepEqual(sessionOf(await openSession(cleared)), {
    ...fresh(cleared),
    validationsUsed: SESSION_LIMIT,
    remaining: 0,
    needsRegistration: true,
    discountEligible: true,
  });
});

Deno.test("GET /api/anonymous/session without a usable X-Session-ID answers 400", async () => {
  assertError(
    await call("/api/anonymous/session"),
    400,
    "X-Session-ID header is required",
  );
  assertError(
    await openSession("not/a-session-id-at-all"),
    400,
    "X-Session-ID must be 21 characters of A-Z, a-z, 0-9, _ or -",
  );
});

Deno.test("without a client address (no gateway in front) the allowance cannot be kept: 400", async () => {
  // Through the gateway X-Forwarded-For is always set, so this calls the app in-process, with no gateway.
  const app = createApp();
  const response = await app.fetch(
    new Request("http://api.invalid/api/anonymous/session", {
      headers: { "x-session-id": newSessionId() },
    }),
  );
  assert.equal(response.status, 400);
  assert.deepEqual(await response.json(), {
    message: "The client's address is unknown (no X-Forwarded-For)",
  });
});

// GET /api/anonymous/check-limits/{sessionId} -----------------------------------------------------------------------

Deno.test("GET /api/anonymous/check-limits/{sessionId} answers an existing session's standing", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  await validateAnonymously(sessionId, SESSION_LIMIT);
  assert.deepEqual(
    sessionOf(await call(`/api/anonymous/check-limits/${sessionId}`)),
    {
      ...fresh(sessionId),
      validationsUsed: SESSION_LIMIT,
      remaining: 0,
      needsRegistration: true,
      discountEligible: true,
    },
  );
});

Deno.test("GET /api/anonymous/check-limits/{sessionId}: 404 for an unknown session (not created), 400 for a bad id", async () => {
  const unknown = newSessionId();
  assertError(
    await call(`/api/anonymous/check-limits/${unknown}`),
    404,
    "Anonymous session not found",
  );
  await withDatabase(async (sql) => {
    assert.equal(
      (await sql`select 1 from public.anonymous_sessions where session_id = ${unknown}`)
        .length,
      0,
    );
  });
  assertError(
    await call("/api/anonymous/check-limits/too-short"),
    400,
    BAD_SESSION_ID,
  );
});

// POST /api/anonymous/update-usage ----------------------------------------------------------------------------------

Deno.test("POST /api/anonymous/update-usage answers the server's count: a lower or higher report changes nothing", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  await validateAnonymously(sessionId, 4);
  const expected = { ...fresh(sessionId), validationsUsed: 4, remaining: 6 };
  assert.deepEqual(
    sessionOf(await updateUsage(sessionId, 0)),
    expected,
    "reporting fewer does not give any back",
  );
  assert.deepEqual(
    sessionOf(await updateUsage(sessionId, 9)),
    expected,
    "reporting more does not use any up",
  );
  assert.deepEqual(
    sessionOf(await updateUsage(sessionId, 5)),
    expected,
    "nor does the spec's previous count plus one",
  );
  await validateAnonymously(sessionId, 1);
  assert.equal(
    sessionOf(await updateUsage(sessionId, 0)).validationsUsed,
    5,
    "only validating counts",
  );
});

Deno.test("POST /api/anonymous/update-usage issues the discount once registration is needed, the same one every time", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  await validateAnonymously(sessionId, SESSION_LIMIT);
  const first = sessionOf(await updateUsage(sessionId, SESSION_LIMIT));
  assert.equal(first.needsRegistration, true);
  assert.equal(first.discountEligible, true);
  assert.match(first.discountCode ?? "", /^MS20-[0-9A-Z]{10}$/);
  assert.ok(first.discountExpiresAt);
  assert.deepEqual(
    sessionOf(await updateUsage(sessionId, SESSION_LIMIT)),
    first,
  );
  assert.deepEqual(
    sessionOf(await call(`/api/anonymous/check-limits/${sessionId}`)),
    first,
  );
});

Deno.test("POST /api/anonymous/update-usage gives no code past the network's daily one: fresh sessions farm nothing", async () => {
  const [first, second] = await twoUsedUpSessionsOfOneNetwork();

  assert.ok(sessionOf(await updateUsage(first, SESSION_LIMIT)).discountCode);
  const refused = sessionOf(await updateUsage(second, SESSION_LIMIT));
  assert.equal(refused.needsRegistration, true);
  assert.equal(refused.discountCode, null);
});

Deno.test("POST /api/anonymous/update-usage: 404 for an unknown session, 400 for a bad body", async () => {
  assertError(
    await updateUsage(newSessionId(), 1),
    404,
    "Anonymous session not found",
  );
  assertError(
    await updateUsage("short", 1),
    400,
    `sessionId: ${BAD_SESSION_ID}`,
  );
  assertError(
    await updateUsage(newSessionId(), "ten"),
    400,
    "validationsUsed: validationsUsed must be a number",
  );
  assertError(
    await call("/api/anonymous/update-usage", { body: { validationsUsed: 1 } }),
    400,
    "sessionId: sessionId is required",
  );
  assert.equal((await updateUsage(newSessionId(), -1)).status, 400);
  assertError(
    await call("/api/anonymous/update-usage", { rawBody: "not json" }),
    400,
    "Request body must be JSON",
  );
});

// POST /api/anonymous/generate-discount/{sessionId} -----------------------------------------------------------------

Deno.test("POST /api/anonymous/generate-discount/{sessionId}: 201 with a new code, then 200 with the same one", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  await validateAnonymously(sessionId, SESSION_LIMIT);

  const before = Date.now();
  const issued = await generateDiscount(sessionId);
  const after = Date.now();
  assert.equal(issued.status, 201, issued.text);
  const discount = discountSchema.parse(issued.json);
  assert.match(discount.discountCode, /^MS20-[0-9A-Z]{10}$/);
  assert.equal(discount.percentOff, 20);
  const day = 24 * 60 * 60 * 1000;
  const expiresAt = Date.parse(discount.expiresAt);
  assert.ok(
    expiresAt >= before + day - 1000 && expiresAt <= after + day + 1000,
    "it expires 24 hours after issue",
  );

  const again = await generateDiscount(sessionId);
  assert.equal(again.status, 200, again.text);
  assert.deepEqual(discountSchema.parse(again.json), discount);
  const session = sessionOf(
    await call(`/api/anonymous/check-limits/${sessionId}`),
  );
  assert.deepEqual(
    [session.discountCode, session.discountExpiresAt, session.discountEligible],
    [discount.discountCode, discount.expiresAt, true],
  );
});

Deno.test("POST /api/anonymous/generate-discount/{sessionId}: 409 while free validations are left", async () => {
  await setLoopbackNetworkUsage(0);
  const sessionId = newSessionId();
  await validateAnonymously(sessionId, SESSION_LIMIT - 1);
  assertError(
    await generateDiscount(sessionId),
    409,
    "The discount is offered once the free validations are used up",
  );
});

Deno.test("POST /api/anonymous/generate-discount/{sessionId}: an expired or used code is not replaced (410)", async () => {
  await setLoopbackNetworkUsage(0);
  const expired = newSessionId();
  const used = newSessionId();
  await validateAnonymously(expired, SESSION_LIMIT);
  await setLoopbackNetworkUsage(0);
  await validateAnonymously(used, SESSION_LIMIT);
  assert.equal((await generateDiscount(expired)).status, 201);
  // One code a day per network: this second visitor comes from another network, as far as the limiter knows.
  await forgetRateLimits(LOOPBACK_NETWORK);
  assert.equal((await generateDiscount(used)).status, 201);
  await withDatabase(async (sql) => {
    await sql`update public.anonymous_sessions set discount_expiry = now() - interval '1 minute'
              where session_id = ${expired}`;
    await sql`update public.anonymous_sessions set discount_redeemed_at = now() where session_id = ${used}`;
  });

  assertError(
    await generateDiscount(expired),
    410,
    "This session's discount code has expired",
  );
  assertError(
    await generateDiscount(used),
    410,
    "This session's discount code has already been used",
  );
  const lapsed = sessionOf(
    await call(`/api/anonymous/check-limits/${expired}`),
  );
  assert.deepEqual(
    [
      lapsed.needsRegistration,
      lapsed.discountCode,
      lapsed.discountEligible,
      lapsed.discountExpiresAt,
    ],
    [true, null, false, null],
    "the session no longer offers it",
  );
});

Deno.test("POST /api/anonymous/generate-discount/{sessionId}: one code a day per network, however many sessions it opens", async () => {
  const [first, second] = await twoUsedUpSessionsOfOneNetwork();

  assert.equal((await generateDiscount(first)).status, 201);
  const refused = await generateDiscount(second);
  assertRateLimited(refused, 1);
  assert.ok(
    Number(refused.headers.get("retry-after")) > 23 * 60 * 60,
    "the network waits for the rest of the day",
  );
  assert.match(
    (refused.json as { message: string }).message,
    /^A discount code was already issued to your network today\. Please try again in 24 hours\.$/,
  );
  assert.equal(
    (await generateDiscount(first)).status,
    200,
    "the session that has its code keeps it",
  );
});

Deno.test("POST /api/anonymous/generate-discount/{sessionId}: 404 for an unknown session, 400 for a bad id", async () => {
  assertError(
    await generateDiscount(newSessionId()),
    404,
    "Anonymous session not found",
  );
  assertError(await generateDiscount("a.b"), 400, BAD_SESSION_ID);
});

Deno.test("with the discount offer switched off, no code is issued or shown and generate-discount answers 409", async () => {
  await setLoopbackNetworkUsage(0);
  await forgetRateLimits(LOOPBACK_NETWORK);
  const holder = newSessionId();
  await validateAnonymously(holder, SESSION_LIMIT);
  assert.equal((await generateDiscount(holder)).status, 201, "a code issued while the offer was on");
  await forgetRateLimits(LOOPBACK_NETWORK);
  await setLoopbackNetworkUsage(0);
  const newcomer = newSessionId();
  await validateAnonymously(newcomer, SESSION_LIMIT);

  const switchOffer = (isActive: boolean) =>
    withDatabase((sql) => sql`update public.system_popups set is_active = ${isActive} where popup_type = 'discount_offer'`);
  await switchOffer(false);
  try {
    for (const sessionId of [newcomer, holder]) {
      const session = sessionOf(await updateUsage(sessionId, SESSION_LIMIT));
      assert.deepEqual(
        [session.needsRegistration, session.discountEligible, session.discountCode, session.discountExpiresAt],
        [true, false, null, null],
      );
      assertError(await generateDiscount(sessionId), 409, "No discount is on offer at the moment");
    }
  } finally {
    await switchOffer(true);
  }
  assert.equal(sessionOf(await call(`/api/anonymous/check-limits/${newcomer}`)).discountCode, null, "none was issued");
});
