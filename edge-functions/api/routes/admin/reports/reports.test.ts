// The financial report against the running stack: dates reversed, or a span longer than the report type covers,
// answer 400 before anything is read; a range's payments by day and method. Visitors and users are refused by the
// guard (lib/require-admin.test.ts calls every admin route as both).
import assert from "node:assert/strict";
import { financialReportSchema } from "../../../../_shared/admin/index.ts";
import { assertError, call, signedInAdmin, withDatabase } from "../../../testing/stack.ts";

Deno.test("reversed dates, a span too long for the type, or a bad type answer 400 naming the field", async () => {
  const admin = await signedInAdmin();
  for (
    const [body, message] of [
      [{ reportType: "monthly", startDate: "2026-03-10", endDate: "2026-03-01" }, "endDate: endDate must not be before startDate"],
      [
        { reportType: "monthly", startDate: "2026-01-01", endDate: "2026-02-01" },
        "endDate: A monthly report covers at most 31 days and a yearly one 366",
      ],
      [
        { reportType: "yearly", startDate: "2025-01-01", endDate: "2026-01-02" },
        "endDate: A monthly report covers at most 31 days and a yearly one 366",
      ],
      [{ reportType: "weekly", startDate: "2026-01-01", endDate: "2026-01-07" }, "reportType: reportType must be monthly or yearly"],
      [{ reportType: "monthly", startDate: "01/01/2026", endDate: "2026-01-07" }, "startDate: startDate must be a date (YYYY-MM-DD)"],
    ] as const
  ) assertError(await call("/api/admin/generate-report", { token: admin.token, body }), 400, message);
});

Deno.test("a monthly report breaks a range down by day, by payment method, with totals that add up", async () => {
  const admin = await signedInAdmin();
  // Far in the past, so only this test's payments fall in the range.
  await withDatabase((sql) =>
    sql`
      insert into public.payments (amount_cents, credits_granted, payment_method, status, created_at) values
        (1500, 100, 'stripe', 'completed', '2001-02-03 10:00Z'),
        (500, 40, 'venmo', 'verified', '2001-02-05 23:59Z'),
        (9900, 900, 'paypal', 'failed', '2001-02-05 12:00Z')
    `
  );
  const response = await call("/api/admin/generate-report", {
    token: admin.token,
    body: { reportType: "monthly", startDate: "2001-02-01", endDate: "2001-02-05" },
  });
  assert.equal(response.status, 200, response.text);
  const report = financialReportSchema.parse(response.json);
  assert.deepEqual([report.type, report.reportType, report.startDate, report.endDate], [
    "financial",
    "monthly",
    "2001-02-01",
    "2001-02-05",
  ]);
  assert.deepEqual(report.periods.map((period) => [period.period, period.revenueCents, period.payments]), [
    ["2001-02-01", 0, 0],
    ["2001-02-02", 0, 0],
    ["2001-02-03", 1500, 1],
    ["2001-02-04", 0, 0],
    ["2001-02-05", 500, 1],
  ]);
  assert.deepEqual(
    Object.fromEntries(report.byPaymentMethod.map((method) => [method.method, method.revenueCents])),
    { stripe: 1500, venmo: 500 },
  );
  assert.equal(report.totals.revenueCents, 2000);
  assert.equal(report.totals.payments, 2);
});
