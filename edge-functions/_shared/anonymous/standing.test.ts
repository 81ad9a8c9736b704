import assert from "node:assert/strict";
import type { AnonymousStanding } from "./privileged.ts";
import { allowanceOf, describeSession, discountState, limitReached, secondsUntilNextMonth } from "./standing.ts";

const now = new Date("2026-11-22T12:00:00Z");
const session = (over: Partial<Omit<AnonymousStanding, "sessionId">> = {}) => ({
  validationsUsed: 0,
  freeLimit: 10,
  networkValidationsUsed: 0,
  discountCode: null,
  discountExpiry: null,
  discountRedeemedAt: null,
  ...over,
  sessionId: "V1StGXR8_Z5jdHi6B-myT",
});

Deno.test("a session's allowance is its own count while its network has room", () => {
  assert.deepEqual(allowanceOf(session({ validationsUsed: 3, networkValidationsUsed: 12 }), 30), {
    validationsUsed: 3,
    freeLimit: 10,
    remaining: 7,
  });
});

Deno.test("a network running out leaves a session only what the network has left", () => {
  assert.deepEqual(allowanceOf(session({ validationsUsed: 3, networkValidationsUsed: 28 }), 30), {
    validationsUsed: 8,
    freeLimit: 10,
    remaining: 2,
  });
  assert.deepEqual(allowanceOf(session({ validationsUsed: 0, networkValidationsUsed: 30 }), 30), {
    validationsUsed: 10,
    freeLimit: 10,
    remaining: 0,
  });
});

Deno.test("a network past a lowered limit has nothing left, not a negative amount", () => {
  assert.deepEqual(allowanceOf(session({ validationsUsed: 2, networkValidationsUsed: 40 }), 30).remaining, 0);
});

Deno.test("without a session the network's allowance is the scale", () => {
  const byAddress = { ...session({ networkValidationsUsed: 4 }), sessionId: null, validationsUsed: null, freeLimit: null };
  assert.deepEqual(allowanceOf(byAddress, 10), { validationsUsed: 4, freeLimit: 10, remaining: 6 });
});

Deno.test("a discount is active until it expires or is used", () => {
  const issued = { discountCode: "MS20-AAAAAAAAAA", discountExpiry: new Date("2026-11-23T11:00:00Z") };
  assert.equal(discountState(session(), now), "none");
  assert.equal(discountState(session(issued), now), "active");
  assert.equal(discountState(session({ ...issued, discountExpiry: now }), now), "expired");
  assert.equal(discountState(session({ ...issued, discountRedeemedAt: now }), now), "redeemed");
});

Deno.test("a session with room needs no registration and is offered no discount", () => {
  assert.deepEqual(describeSession(session({ validationsUsed: 4, networkValidationsUsed: 4 }), 30, now, true), {
    sessionId: "V1StGXR8_Z5jdHi6B-myT",
    validationsUsed: 4,
    freeLimit: 10,
    remaining: 6,
    needsRegistration: false,
    discountCode: null,
    discountEligible: false,
    discountExpiresAt: null,
  });
});

Deno.test("a session that used its allowance must register, and is eligible for its discount until it lapses", () => {
  const used = { validationsUsed: 10, networkValidationsUsed: 10 };
  assert.deepEqual(
    describeSession(session(used), 30, now, true),
    {
      sessionId: "V1StGXR8_Z5jdHi6B-myT",
      validationsUsed: 10,
      freeLimit: 10,
      remaining: 0,
      needsRegistration: true,
      discountCode: null,
      discountEligible: true,
      discountExpiresAt: null,
    },
    "before its code is issued",
  );
  const issued = { ...used, discountCode: "MS20-AAAAAAAAAA", discountExpiry: new Date("2026-11-23T11:00:00Z") };
  assert.deepEqual(
    describeSession(session(issued), 30, now, true),
    {
      sessionId: "V1StGXR8_Z5jdHi6B-myT",
      validationsUsed: 10,
      freeLimit: 10,
      remaining: 0,
      needsRegistration: true,
      discountCode: "MS20-AAAAAAAAAA",
      discountEligible: true,
      discountExpiresAt: "2026-11-23T11:00:00.000Z",
    },
    "with its code",
  );
  const lapsed = describeSession(session({ ...issued, discountExpiry: new Date("2026-11-22T11:00:00Z") }), 30, now, true);
  assert.deepEqual(
    [lapsed.needsRegistration, lapsed.discountCode, lapsed.discountEligible, lapsed.discountExpiresAt],
    [true, null, false, null],
    "after its code expired",
  );
});

Deno.test("with the discount offer switched off, a session that must register is offered no discount", () => {
  const issued = {
    validationsUsed: 10,
    networkValidationsUsed: 10,
    discountCode: "MS20-AAAAAAAAAA",
    discountExpiry: new Date("2026-11-23T11:00:00Z"),
  };
  for (const standing of [{ validationsUsed: 10, networkValidationsUsed: 10 }, issued]) {
    const described = describeSession(session(standing), 30, now, false);
    assert.deepEqual(
      [described.needsRegistration, described.discountCode, described.discountEligible, described.discountExpiresAt],
      [true, null, false, null],
    );
  }
});

Deno.test("the 429 answer names how much of the allowance is gone and when it starts again", () => {
  const lateInNovember = new Date("2026-11-24T12:00:00Z");
  assert.deepEqual(limitReached(session({ validationsUsed: 10, networkValidationsUsed: 10 }), 30, lateInNovember), {
    refusal: {
      message: "You have used 10 of 10 free validations this month. Sign up to keep validating, or try again in 7 days.",
      needsRegistration: true,
      validationsUsed: 10,
      freeLimit: 10,
    },
    decision: { allowed: false, limit: 10, remaining: 0, resetSeconds: 6.5 * 24 * 60 * 60 },
  });
});

Deno.test("the allowance starts again on the first of next month, UTC, across a year's end", () => {
  assert.equal(secondsUntilNextMonth(new Date("2026-12-31T23:59:30Z")), 30);
  assert.equal(secondsUntilNextMonth(new Date("2026-02-01T00:00:00Z")), 28 * 24 * 60 * 60);
});
