// The account endpoints over HTTP, against a running stack (npm test starts one): the gateway rewrites
// ${SUPABASE_URL}/api/* to the api function, which talks to the real Auth and Postgres behind it.
// Every test registers its own users under fresh random names, so tests are independent and can run again.
import assert from "node:assert/strict";
import { authResponseSchema, errorResponseSchema, userSchema } from "../../../_shared/accounts/index.ts";
import {
  assertError,
  assertRateLimited,
  call,
  forgetRateLimits,
  gateway,
  LOOPBACK_NETWORK,
  requiredEnv,
} from "../../testing/stack.ts";

const anonKey = requiredEnv("SUPABASE_ANON_KEY");

// The SPA reaches every endpoint under two names.
const prefixes = ["/api", "/api/auth"] as const;

function uniqueName(): string {
  return `u_${crypto.randomUUID().replaceAll("-", "").slice(0, 20)}`;
}

function newAccount() {
  const username = uniqueName();
  return { username, email: `${username}@example.com`, password: `pw-${crypto.randomUUID()}` };
}

async function registered(prefix: string = "/api") {
  const account = newAccount();
  const response = await call(`${prefix}/register`, { body: account });
  assert.equal(response.status, 201, response.text);
  return { account, auth: authResponseSchema.parse(response.json) };
}

for (const prefix of prefixes) {
  Deno.test(`POST ${prefix}/register creates the account, signs it in and answers 201 with the bearer header`, async () => {
    const account = newAccount();
    const response = await call(`${prefix}/register`, { body: account });
    assert.equal(response.status, 201, response.text);
    const auth = authResponseSchema.parse(response.json);
    assert.equal(response.headers.get("authorization"), `Bearer ${auth.session.accessToken}`);
    assert.equal(auth.username, account.username);
    assert.equal(auth.email, account.email);
    assert.equal(auth.isAdmin, false);
    assert.equal(auth.subscriptionStatus, "free");
    assert.ok(auth.session.refreshToken.length > 0);
    assert.ok(auth.session.expiresAt > Date.now() / 1000, "the session must not be expired already");
  });

  Deno.test(`POST ${prefix}/login signs in by username, whatever its case, with the bearer header`, async () => {
    const { account, auth: registeredAs } = await registered();
    const response = await call(`${prefix}/login`, {
      body: { username: account.username.toUpperCase(), password: account.password },
    });
    assert.equal(response.status, 200, response.text);
    const auth = authResponseSchema.parse(response.json);
    assert.equal(response.headers.get("authorization"), `Bearer ${auth.session.accessToken}`);
    assert.equal(auth.id, registeredAs.id);
    assert.notEqual(auth.session.accessToken, registeredAs.session.accessToken, "a login starts a new session");
  });

  Deno.test(`POST ${prefix}/login signs in by email address, whatever its case`, async () => {
    const { account, auth: registeredAs } = await registered();
    const response = await call(`${prefix}/login`, {
      body: { username: account.email.toUpperCase(), password: account.password },
    });
    assert.equal(response.status, 200, response.text);
    assert.equal(authResponseSchema.parse(response.json).id, registeredAs.id);
    assert.match(response.headers.get("authorization") ?? "", /^Bearer \S+$/);
  });

  Deno.test(`GET ${prefix}/user answers the signed-in user`, async () => {
    const { auth } = await registered();
    const response = await call(`${prefix}/user`, { token: auth.session.accessToken });
    assert.equal(response.status, 200, response.text);
    const { session: _, ...user } = auth;
    assert.deepEqual(userSchema.parse(response.json), user);
  });

  Deno.test(`GET ${prefix}/user without a valid token answers 401`, async () => {
    assertError(await call(`${prefix}/user`), 401, "Not authenticated");
    assertError(await call(`${prefix}/user`, { token: "garbage" }), 401, "Not authenticated");
    // A valid JWT signed with the project's secret, but no user's: the anon API key.
    assertError(await call(`${prefix}/user`, { token: anonKey }), 401, "Not authenticated");
  });

  Deno.test(`POST ${prefix}/logout ends the session: its token is refused afterwards`, async () => {
    const { auth } = await registered();
    const response = await call(`${prefix}/logout`, { method: "POST", token: auth.session.accessToken });
    assert.equal(response.status, 204, response.text);
    assert.equal(response.text, "");
    assertError(await call(`${prefix}/user`, { token: auth.session.accessToken }), 401, "Not authenticated");
  });

  Deno.test(`POST ${prefix}/logout without a valid token answers 401`, async () => {
    assertError(await call(`${prefix}/logout`, { method: "POST" }), 401, "Not authenticated");
    assertError(await call(`${prefix}/logout`, { method: "POST", token: "garbage" }), 401, "Not authenticated");
  });
}

Deno.test("logging out ends only that session: the user's other sessions stay signed in", async () => {
  const { account, auth } = await registered();
  const other = await call("/api/login", { body: { username: account.username, password: account.password } });
  assert.equal(other.status, 200, other.text);
  const otherToken = authResponseSchema.parse(other.json).session.accessToken;

  assert.equal((await call("/api/logout", { method: "POST", token: auth.session.accessToken })).status, 204);
  assertError(await call("/api/user", { token: auth.session.accessToken }), 401, "Not authenticated");
  const stillSignedIn = await call("/api/user", { token: otherToken });
  assert.equal(stillSignedIn.status, 200, stillSignedIn.text);
});

const CONFLICT = "An account can't be created with these details. If you already have one, sign in.";

Deno.test("a taken username, whatever its case, answers 409 without saying which detail is in use", async () => {
  const { account } = await registered();
  const response = await call("/api/register", {
    body: { ...newAccount(), username: account.username.toUpperCase() },
  });
  assertError(response, 409, CONFLICT);
});

Deno.test("a taken email address, whatever its case, answers the same 409 in the same words", async () => {
  const { account } = await registered();
  const response = await call("/api/auth/register", {
    body: { ...newAccount(), email: account.email.toUpperCase() },
  });
  assertError(response, 409, CONFLICT);
});

Deno.test("registering the same new account twice at once ends in one 201 and one 409, never a 500", async () => {
  const account = newAccount();
  const [first, second] = await Promise.all([
    call("/api/register", { body: account }),
    call("/api/register", { body: account }),
  ]);
  assert.deepEqual([first.status, second.status].sort(), [201, 409], `${first.text} / ${second.text}`);
  assertError(first.status === 409 ? first : second, 409, CONFLICT);
});

Deno.test("the same username racing with different addresses ends in one 201 and one 409", async () => {
  const username = uniqueName();
  const [first, second] = await Promise.all([
    call("/api/register", { body: { ...newAccount(), username } }),
    call("/api/register", { body: { ...newAccount(), username } }),
  ]);
  assert.deepEqual([first.status, second.status].sort(), [201, 409], `${first.text} / ${second.text}`);
  assertError(first.status === 409 ? first : second, 409, CONFLICT);
});

Deno.test("a bad registration body answers 400 naming the field and the rule", async () => {
  const { password: _, ...withoutPassword } = newAccount();
  const cases: [unknown, string][] = [
    [{ ...newAccount(), password: "short" }, "password: Password must be at least 8 characters"],
    [{ ...newAccount(), username: "ab" }, "username: Username must be at least 3 characters"],
    [{ ...newAccount(), username: "x".repeat(31) }, "username: Username must be at most 30 characters"],
    [{ ...newAccount(), username: "josé" }, "username: Username may contain only letters A-Z, digits, dots, hyphens and underscores"],
    [
      { ...newAccount(), username: "someone@example.com" },
      'username: Username can\'t contain "@"; sign in with your email address instead',
    ],
    [{ ...newAccount(), email: "not-an-address" }, "email: Please enter a valid email address"],
    [withoutPassword, "password: Password is required"],
    [["not", "an", "object"], "Request body must be a JSON object"],
  ];
  for (const [body, message] of cases) {
    assertError(await call("/api/register", { body }), 400, message);
  }
});

// Found by the fuzz layer: zod's email rule lets a domain label start or end with a hyphen, Supabase Auth does not.
Deno.test("an address Auth would refuse (a domain label ending in a hyphen) answers 400, not 500", async () => {
  for (const email of ["a@bad-.example.com", "a@-bad.example.com", "a@example.com-"]) {
    for (const prefix of prefixes) {
      const response = await call(`${prefix}/register`, { body: { ...newAccount(), email } });
      assertError(response, 400, "email: Please enter a valid email address");
    }
  }
});

Deno.test("a body that is not JSON answers 400", async () => {
  assertError(await call("/api/register", { rawBody: "{not json" }), 400, "Request body must be JSON");
  assertError(
    await call("/api/login", { rawBody: "username=ada&password=secret", contentType: "application/x-www-form-urlencoded" }),
    400,
    "Request body must be JSON",
  );
});

Deno.test("a bad login body answers 400 naming the field", async () => {
  assertError(await call("/api/login", { body: { username: "ada" } }), 400, "password: Password is required");
  assertError(await call("/api/auth/login", { body: { password: "whatever1" } }), 400, "username: Username is required");
});

Deno.test("a wrong password and an unknown user both answer 401 Invalid credentials", async () => {
  const { account } = await registered();
  for (const prefix of prefixes) {
    const wrongPassword = { username: account.username, password: "not-the-password" };
    assertError(await call(`${prefix}/login`, { body: wrongPassword }), 401, "Invalid credentials");
    const unknownUser = { username: uniqueName(), password: account.password };
    assertError(await call(`${prefix}/login`, { body: unknownUser }), 401, "Invalid credentials");
    const unknownEmail = { username: `${uniqueName()}@example.com`, password: account.password };
    assertError(await call(`${prefix}/login`, { body: unknownEmail }), 401, "Invalid credentials");
  }
});

Deno.test("an unknown route answers 404 in the API's error shape", async () => {
  assertError(await call("/api/no-such-endpoint"), 404, "Not found");
  assertError(await call("/api/register"), 404, "Not found");
});

Deno.test("browsers calling from another origin get CORS answers and may read the Authorization header", async () => {
  const origin = "http://localhost:5173";
  const preflight = await call("/api/login", {
    method: "OPTIONS",
    headers: {
      origin,
      "access-control-request-method": "POST",
      "access-control-request-headers": "authorization, content-type",
    },
  });
  assert.ok(preflight.status >= 200 && preflight.status < 300, `preflight answered ${preflight.status}`);
  assert.ok(preflight.headers.get("access-control-allow-origin"));
  assert.match(preflight.headers.get("access-control-allow-headers") ?? "", /authorization/i);

  const account = newAccount();
  const response = await call("/api/register", { body: account, headers: { origin } });
  assert.equal(response.status, 201, response.text);
  assert.ok(response.headers.get("access-control-allow-origin"));
  assert.match(response.headers.get("access-control-expose-headers") ?? "", /authorization/i);
});

// Passwords --------------------------------------------------------------------------------------------------------

Deno.test("a password over 72 bytes answers 400 naming the rule, however few characters it has (not a 500)", async () => {
  // 52 two-byte letters: 52 characters, 104 bytes, which bcrypt cannot take whole.
  const response = await call("/api/register", { body: { ...newAccount(), password: "é".repeat(52) } });
  assertError(
    response,
    400,
    "password: Password must be at most 72 bytes (accented letters and symbols take 2 to 4 bytes each)",
  );
});

Deno.test("a password of 72 bytes in multi-byte letters registers and signs in", async () => {
  const account = { ...newAccount(), password: "ÞäÇÕßÉÑàÍÛÂÖÆÏÈÔÝÁãÊÚÄÐÎØÅÌÓâÜËÒÙÀáÃ" };
  assert.equal((await call("/api/register", { body: account })).status, 201);
  const response = await call("/api/login", { body: { username: account.username, password: account.password } });
  assert.equal(response.status, 200, response.text);
});

Deno.test("a common or guessable password answers 400 naming the rule", async () => {
  for (const password of ["password", "password1", "P@ssw0rd!", "qwertyuiop"]) {
    const response = await call("/api/register", { body: { ...newAccount(), password } });
    assertError(
      response,
      400,
      "password: Password is too common or easy to guess: add words or characters that aren't a pattern",
    );
  }
});

Deno.test("the username or the email address as the password answers 400", async () => {
  const account = newAccount();
  for (const password of [account.username.toUpperCase(), account.email]) {
    assertError(
      await call("/api/register", { body: { ...account, password } }),
      400,
      "password: Password must not be your username or email address",
    );
  }
});

// Auth's own sign-up (/auth/v1/signup) -----------------------------------------------------------------------------

async function authSignup(body: unknown) {
  const response = await fetch(`${gateway}/auth/v1/signup`, {
    method: "POST",
    headers: { apikey: anonKey, "content-type": "application/json", "x-supabase-api-version": "2024-01-01" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

Deno.test("Auth's sign-up refuses a username with \"@\" or outside the rule with 400 before creating anyone", async () => {
  const victim = await registered();
  const attacker = newAccount();
  const withEmail = await authSignup({ ...attacker, data: { username: victim.account.email } });
  assert.equal(withEmail.status, 400, JSON.stringify(withEmail.json));
  assert.equal(withEmail.json.message, 'Username can\'t contain "@"; sign in with your email address instead');
  const accented = await authSignup({ ...newAccount(), data: { username: "josé" } });
  assert.equal(accented.status, 400, JSON.stringify(accented.json));
  // Nothing was created: the attacker's address signs nobody in, and the victim still signs in with theirs.
  assertError(await call("/api/login", { body: { username: attacker.email, password: attacker.password } }), 401, "Invalid credentials");
  const victimLogin = await call("/api/login", { body: { username: victim.account.email, password: victim.account.password } });
  assert.equal(victimLogin.status, 200, victimLogin.text);
  assert.equal(authResponseSchema.parse(victimLogin.json).id, victim.auth.id);
});

Deno.test("Auth's sign-up answers a taken username with 422 and the registration conflict's words, not a 500", async () => {
  const { account } = await registered();
  const taken = await authSignup({ ...newAccount(), data: { username: account.username.toUpperCase() } });
  assert.deepEqual(taken, { status: 422, json: { code: "unknown", message: CONFLICT } });
});

Deno.test("Auth's sign-up refuses a short or common password with 422 weak_password", async () => {
  const short = await authSignup({ ...newAccount(), password: "k7#Vq2!" });
  assert.equal(short.status, 422);
  assert.equal(short.json.code, "weak_password");
  assert.deepEqual(short.json.weak_password, { reasons: ["length"] });
  const common = await authSignup({ ...newAccount(), password: "password" });
  assert.equal(common.status, 422);
  assert.equal(common.json.code, "weak_password");
});

// Sign-in by the identifier's shape, and failed sign-ins ----------------------------------------------------------

Deno.test("an identifier with \"@\" signs in only by email, one without only by username", async () => {
  const { account, auth } = await registered();
  const byEmail = await call("/api/login", { body: { username: account.email, password: account.password } });
  assert.equal(authResponseSchema.parse(byEmail.json).id, auth.id);
  // The username with "@example.com" appended is nobody's address, and "@" never matches a username.
  await forgetRateLimits(`identifier:${account.username}@example.org`);
  assertError(
    await call("/api/login", { body: { username: `${account.username}@example.org`, password: account.password } }),
    401,
    "Invalid credentials",
  );
  await forgetRateLimits(`identifier:${account.username}@example.org`);
});

async function failSignIns(identifier: string, times: number) {
  for (let i = 0; i < times; i++) {
    assertError(
      await call("/api/login", { body: { username: identifier, password: `wrong-${i}-${crypto.randomUUID()}` } }),
      401,
      "Invalid credentials",
    );
  }
}

Deno.test("after 5 failed sign-ins an account answers 429 with Retry-After and RateLimit headers, even to the right password", async () => {
  await forgetRateLimits(LOOPBACK_NETWORK);
  const { account } = await registered();
  const subject = `identifier:${account.username.toLowerCase()}`;
  try {
    await failSignIns(account.username, 5);
    // Any case of the identifier is the same identifier.
    const locked = await call("/api/login", {
      body: { username: account.username.toUpperCase(), password: account.password },
    });
    assertRateLimited(locked, 5);
    assert.ok(Number(locked.headers.get("retry-after")) > 14 * 60, `Retry-After ${locked.headers.get("retry-after")}`);
    assertError(
      locked,
      429,
      "Too many failed sign-ins with this username or email address. Please try again in 15 minutes.",
    );
  } finally {
    await forgetRateLimits(subject);
    await forgetRateLimits(LOOPBACK_NETWORK);
  }
});

Deno.test("an identifier nobody has is locked after 5 failures the same way, so a lockout reveals nothing", async () => {
  await forgetRateLimits(LOOPBACK_NETWORK);
  const nobody = uniqueName();
  try {
    await failSignIns(nobody, 5);
    assertRateLimited(await call("/api/login", { body: { username: nobody, password: "whatever-it-is" } }), 5);
  } finally {
    await forgetRateLimits(`identifier:${nobody}`);
    await forgetRateLimits(LOOPBACK_NETWORK);
  }
});

Deno.test("a successful sign-in forgets the failures before it", async () => {
  await forgetRateLimits(LOOPBACK_NETWORK);
  const { account } = await registered();
  try {
    await failSignIns(account.username, 4);
    assert.equal((await call("/api/login", { body: account })).status, 200);
    await failSignIns(account.username, 4);
    const response = await call("/api/login", { body: account });
    assert.equal(response.status, 200, response.text);
  } finally {
    await forgetRateLimits(`identifier:${account.username.toLowerCase()}`);
    await forgetRateLimits(LOOPBACK_NETWORK);
  }
});

Deno.test("a network with 30 failed sign-ins in a minute is locked for every identifier, with 429", async () => {
  await forgetRateLimits(LOOPBACK_NETWORK);
  const { account } = await registered();
  const guesses = Array.from({ length: 30 }, () => uniqueName());
  try {
    for (const guess of guesses) await failSignIns(guess, 1);
    const locked = await call("/api/login", { body: account });
    assertRateLimited(locked, 30);
    assert.match(
      errorResponseSchema.parse(locked.json).message,
      /^Too many failed sign-ins from your network\. Please try again in (\d+ seconds?|1 minute)\.$/,
    );
  } finally {
    await forgetRateLimits(LOOPBACK_NETWORK);
    for (const guess of guesses) await forgetRateLimits(`identifier:${guess}`);
  }
});

Deno.test("an unknown user and a wrong password take about as long (ratio of medians within 0.5-2)", async () => {
  await forgetRateLimits(LOOPBACK_NETWORK);
  const { account } = await registered();
  const subject = `identifier:${account.username.toLowerCase()}`;
  const timed = async (body: { username: string; password: string }) => {
    const started = performance.now();
    const response = await call("/api/login", { body });
    const elapsed = performance.now() - started;
    assertError(response, 401, "Invalid credentials");
    return elapsed;
  };
  const unknown: number[] = [];
  const wrong: number[] = [];
  try {
    // Interleaved, so load on the machine weighs on both alike; counters forgotten so no lock ends the run early.
    for (let i = 0; i < 8; i++) {
      const nobody = uniqueName();
      unknown.push(await timed({ username: nobody, password: account.password }));
      wrong.push(await timed({ username: account.username, password: `wrong-${i}-${crypto.randomUUID()}` }));
      await forgetRateLimits(`identifier:${nobody}`);
      await forgetRateLimits(subject);
      await forgetRateLimits(LOOPBACK_NETWORK);
    }
  } finally {
    await forgetRateLimits(subject);
    await forgetRateLimits(LOOPBACK_NETWORK);
  }
  const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const ratio = median(unknown) / median(wrong);
  assert.ok(ratio > 0.5 && ratio < 2, `unknown user ${median(unknown).toFixed(1)} ms, wrong password ${median(wrong).toFixed(1)} ms`);
});
