// The financial report: revenue by period and by payment method, payments, new users, validations and credits granted,
// by one SQL function. The request's dates are both included; the function takes [from, to), so `to` is the day after.
import { addDays, formatISO } from "date-fns";
import { UTCDate } from "@date-fns/utc";
import type { AccessTokenClaims } from "../auth/index.ts";
import { asAdmin } from "./as-admin.ts";
import { type FinancialReport, financialReportSchema, type ReportRequest } from "./contract.ts";

/** POST /api/admin/generate-report */
export async function financialReport(claims: AccessTokenClaims, request: ReportRequest): Promise<FinancialReport> {
  const dayAfterEnd = formatISO(addDays(new UTCDate(`${request.endDate}T00:00:00Z`), 1), { representation: "date" });
  const [row] = await asAdmin(claims, (sql) => sql<{ report: unknown }[]>`
    select private.admin_financial_report(
      ${request.reportType}, ${request.startDate}::date, ${dayAfterEnd}::date
    ) as report
  `);
  return financialReportSchema.parse(row?.report);
}
