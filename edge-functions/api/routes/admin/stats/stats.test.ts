// The platform figures against the running stack. Visitors and users are refused by the guard
// (lib/require-admin.test.ts calls every admin route as both); here, what an admin sees.
import assert from "node:assert/strict";
import {
  lifetimeStatsSchema,
  platformStatsSchema,
  TEMP_ADMIN_TIMEFRAMES,
  tempAdminStatsSchema,
  TIMEFRAMES,
} from "../../../../_shared/admin/index.ts";
import { assertError, call, signedInAdmin, withDatabase } from "../../../testing/stack.ts";

Deno.test("every overview timeframe answers its window, the previous one and the charts", async () => {
  const admin = await signedInAdmin();
  for (const timeframe of TIMEFRAMES) {
    const response = await call(`/api/admin/platform-stats?timeframe=${timeframe}`, { token: admin.token });
    assert.equal(response.status, 200, `${timeframe}: ${response.text}`);
    const stats = platformStatsSchema.parse(response.json);
    assert.equal(stats.timeframe, timeframe);
    assert.equal(stats.previous.window.to <= stats.window.from, true, timeframe);
    // A window to date ends after the admin registered.
    if (stats.window.to > new Date().toISOString().slice(0, 10)) assert.ok(stats.totalUsers >= 1, timeframe);
  }
  const defaulted = platformStatsSchema.parse((await call("/api/admin/platform-stats", { token: admin.token })).json);
  assert.equal(defaulted.timeframe, "today");
});

Deno.test("a timeframe that is not one of the nine answers 400 naming them", async () => {
  const admin = await signedInAdmin();
  for (const bad of ["week", "last90days", "", "TODAY"]) {
    assertError(
      await call(`/api/admin/platform-stats?timeframe=${bad}`, { token: admin.token }),
      400,
      `timeframe: timeframe must be one of ${TIMEFRAMES.join(", ")}`,
    );
  }
  assertError(
    await call("/api/temp-admin-stats?timeframe=last7days", { token: admin.token }),
    400,
    `timeframe: timeframe must be one of ${TEMP_ADMIN_TIMEFRAMES.join(", ")}`,
  );
});

Deno.test("a completed payment today adds its cents to today's revenue; a pending one does not", async () => {
  const admin = await signedInAdmin();
  const today = async () =>
    platformStatsSchema.parse((await call("/api/admin/platform-stats?timeframe=today", { token: admin.token })).json);
  const before = await today();
  await withDatabase((sql) =>
    sql`
      insert into public.payments (user_id, amount_cents, credits_granted, payment_method, status)
      values (${admin.id}, 1234, 100, 'stripe', 'completed'), (${admin.id}, 999, 50, 'venmo', 'pending')
    `
  );
  const after = await today();
  assert.equal(after.totalRevenue - before.totalRevenue, 1234);
  assert.equal(after.monthlyRevenue - before.monthlyRevenue, 1234);
});

Deno.test("the analytics page shows the overview's numbers for the same days", async () => {
  const admin = await signedInAdmin();
  for (const [temp, overview] of [["today", "today"], ["7days", "last7days"], ["30days", "last30days"]] as const) {
    const analytics = tempAdminStatsSchema.parse(
      (await call(`/api/temp-admin-stats?timeframe=${temp}`, { token: admin.token })).json,
    );
    const { series: _series, timeframe: _timeframe, ...figures } = platformStatsSchema.parse(
      (await call(`/api/admin/platform-stats?timeframe=${overview}`, { token: admin.token })).json,
    );
    assert.deepEqual({ ...analytics, timeframe: undefined }, { ...figures, timeframe: undefined }, temp);
  }
  const ninety = tempAdminStatsSchema.parse((await call("/api/temp-admin-stats?timeframe=90days", { token: admin.token })).json);
  const days = (Date.parse(ninety.window.to) - Date.parse(ninety.window.from)) / 86_400_000;
  assert.equal(days, 90);
});

Deno.test("the profit margin waits for a monthly cost, which an admin sets and clears", async () => {
  const admin = await signedInAdmin();
  const set = async (monthlyCostCents: number | null) => {
    const response = await call("/api/admin/settings/monthly-cost", {
      method: "PUT",
      token: admin.token,
      body: { monthlyCostCents },
    });
    assert.equal(response.status, 200, response.text);
    return lifetimeStatsSchema.parse(response.json);
  };
  try {
    const cleared = await set(null);
    assert.equal(cleared.monthlyCostCents, null);
    assert.equal(cleared.profitMargin, null);
    const costed = await set(5_000);
    assert.equal(costed.monthlyCostCents, 5_000);
    assert.equal(costed.profitMargin === null, costed.totalRevenue === 0);
    const read = lifetimeStatsSchema.parse((await call("/api/admin/lifetime-stats", { token: admin.token })).json);
    assert.equal(read.monthlyCostCents, 5_000);
    assert.ok(read.totalAllUsers >= read.totalRegisteredUsers);
  } finally {
    await set(null);
  }
});

Deno.test("a monthly cost that is not whole cents of 0 or more answers 400 naming it", async () => {
  const admin = await signedInAdmin();
  for (
    const [monthlyCostCents, message] of [
      [-1, "monthlyCostCents: monthlyCostCents must be 0 or more"],
      [1.5, "monthlyCostCents: monthlyCostCents must be whole cents"],
      ["100", "monthlyCostCents: monthlyCostCents must be a number of cents or null"],
    ] as const
  ) {
    assertError(
      await call("/api/admin/settings/monthly-cost", { method: "PUT", token: admin.token, body: { monthlyCostCents } }),
      400,
      message,
    );
  }
});
