// Admission of signed-in requests against the running stack: suspension, the throttle over every request, and the
// per-minute limits of validations and explorations. Each test has its own user, whose profile and counters it sets
// directly in the database, so no test waits for a window or leans on another's.
import assert from "node:assert/strict";
import {
  assertError,
  assertRateLimited,
  call,
  signedInUser,
  withDatabase,
} from "../testing/stack.ts";

async function setProfile(
  userId: string,
  fields: Record<string, unknown>,
): Promise<void> {
  await withDatabase((sql) =>
    sql`update public.profiles set ${sql(fields)} where id = ${userId}`
  );
}

/** Fills the user's counter for `action` to `hits` in a window that ends in a minute. */
async function fillCounter(
  userId: string,
  action: string,
  hits: number,
): Promise<void> {
  await withDatabase((sql) =>
    sql`
      insert into private.rate_limit_counters (subject, action, hits, window_ends_at)
      values (${`user:${userId}`}, ${action}, ${hits}, now() + interval '1 minute')
      on conflict (subject, action) do update set hits = excluded.hits, window_ends_at = excluded.window_ends_at
    `
  );
}

function validate(token: string) {
  return call("/api/validate-email", {
    body: { email: "ann@mailscout-demo.test" },
    token,
  });
}

Deno.test("a signed-in validation carries the RateLimit headers of the validations limit", async () => {
  const user = await signedInUser();
  const answer = await validate(user.token);
  assert.equal(answer.status, 200, answer.text);
  assert.equal(answer.headers.get("ratelimit-limit"), "120");
  assert.equal(answer.headers.get("ratelimit-remaining"), "119");
  assert.ok(Number(answer.headers.get("ratelimit-reset")) > 0);
  assert.equal(
    answer.headers.get("retry-after"),
    null,
    "an allowed request has nothing to wait for",
  );
  assert.match(
    answer.headers.get("access-control-expose-headers") ?? "",
    /RateLimit-Remaining/i,
  );
});

Deno.test("past 120 validations a minute a user gets 429 with Retry-After and a message saying when", async () => {
  const user = await signedInUser();
  await fillCounter(user.id, "validation", 120);
  const refused = await validate(user.token);
  assertRateLimited(refused, 120);
  assertError(
    refused,
    429,
    "Too many validations: at most 120 a minute. Please try again in 1 minute.",
  );
  const other = await call("/api/contacts", { token: user.token });
  assert.equal(other.status, 200, "other requests are not validations");
});

Deno.test("past 10 explorations a minute a user gets 429", async () => {
  const user = await signedInUser();
  await fillCounter(user.id, "exploration", 10);
  const refused = await call("/api/scrape-domain", {
    body: { domain: "down.test" },
    token: user.token,
  });
  assertRateLimited(refused, 10);
  assertError(
    refused,
    429,
    "Too many explorations: at most 10 a minute. Please try again in 1 minute.",
  );
});

Deno.test("a throttled user gets floor(max x level / 100) requests a minute over every /api request", async () => {
  const user = await signedInUser();
  await setProfile(user.id, {
    throttle_enabled: true,
    max_requests_per_minute: 10,
    current_throttle_level: 30,
  });
  const answers = [];
  for (
    const path of [
      "/api/user",
      "/api/contacts",
      "/api/contact-lists",
      "/api/user",
    ]
  ) {
    answers.push(await call(path, { token: user.token }));
  }
  assert.deepEqual(answers.map((answer) => answer.status), [
    200,
    200,
    200,
    429,
  ]);
  assertRateLimited(answers[3]!, 3);
  assertError(
    answers[3]!,
    429,
    "Too many requests: your account may make 3 a minute. Please try again in 1 minute.",
  );
  assertRateLimited(await validate(user.token), 3);
});

Deno.test("throttle level 0 blocks every request; a throttle that is off counts nothing", async () => {
  const user = await signedInUser();
  await setProfile(user.id, {
    throttle_enabled: true,
    current_throttle_level: 0,
  });
  assertError(
    await call("/api/user", { token: user.token }),
    429,
    "Requests from your account are paused. Please try again in 1 minute.",
  );
  await setProfile(user.id, { throttle_enabled: false });
  for (let request = 0; request < 12; request++) {
    assert.equal((await call("/api/user", { token: user.token })).status, 200);
  }
});

Deno.test("a suspended user gets 403 with the reason on every request, until the suspension ends", async () => {
  const user = await signedInUser();
  await setProfile(user.id, {
    suspended_until: new Date("2099-01-02T03:04:00Z"),
    suspension_reason: "Repeated abuse",
  });
  for (
    const answer of [
      await call("/api/user", { token: user.token }),
      await validate(user.token),
    ]
  ) {
    assertError(
      answer,
      403,
      "Your account is suspended until 2099-01-02 03:04 UTC: Repeated abuse",
    );
  }
  await setProfile(user.id, { suspended_until: new Date(Date.now() - 1000) });
  assert.equal((await call("/api/user", { token: user.token })).status, 200);
});

Deno.test("a suspended or paused user can still sign out", async () => {
  const suspended = await signedInUser();
  await setProfile(suspended.id, { suspended_until: new Date("2099-01-02T03:04:00Z") });
  const paused = await signedInUser();
  await setProfile(paused.id, { throttle_enabled: true, current_throttle_level: 0 });
  for (const user of [suspended, paused]) {
    const answer = await call("/api/logout", { method: "POST", token: user.token });
    assert.equal(answer.status, 204, answer.text);
    assert.equal((await call("/api/user", { token: user.token })).status, 401, "the session has ended");
  }
});

Deno.test("a fresh crawl of one domain is limited per user: the fourth in a day answers 429", async () => {
  const user = await signedInUser();
  for (let crawl = 0; crawl < 3; crawl++) {
    const answer = await call("/api/scrape-domain", {
      body: { domain: "down.test", fullDataCollection: true },
      token: user.token,
    });
    assert.equal(answer.status, 200, answer.text);
  }
  const refused = await call("/api/scrape-domain", {
    body: { domain: "down.test", fullDataCollection: true },
    token: user.token,
  });
  assertRateLimited(refused, 3);
  assertError(
    refused,
    429,
    "Too many fresh explorations of down.test: at most 3 a day. Please try again in 24 hours.",
  );
  const kept = await call("/api/scrape-domain", {
    body: { domain: "down.test" },
    token: user.token,
  });
  assert.equal(
    kept.status,
    200,
    "an exploration that may reuse a kept result is still answered",
  );
});
