// The financial report's refusals against the running stack: dates reversed, or a span longer than the report type
// covers, answer 400 before anything is read. Visitors and users are refused by the guard (lib/require-admin.test.ts).
import { assertError, call, signedInAdmin } from "../../../testing/stack.ts";

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
