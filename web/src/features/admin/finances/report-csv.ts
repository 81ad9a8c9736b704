// The financial report as a CSV file: one row per period and a total, then the revenue by payment method. Every cell
// goes through the formula guard, so a spreadsheet never runs one as a formula.
import type { FinancialReport } from "@contracts/admin";
import Papa from "papaparse";
import { neutraliseCell } from "@/features/contacts";

/** Dollars with two decimals and no thousands separator, so spreadsheets read them as numbers. */
function dollars(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function reportToCsv(report: FinancialReport): string {
  const { totals } = report;
  const rows: (string | number)[][] = [
    ["Period", "Revenue (USD)", "Payments", "New users", "Validations", "Credits granted"],
    ...report.periods.map((period) => [
      period.period,
      dollars(period.revenueCents),
      period.payments,
      period.newUsers,
      period.validations,
      period.creditsGranted,
    ]),
    ["Total", dollars(totals.revenueCents), totals.payments, totals.newUsers, totals.validations, totals.creditsGranted],
    [],
    ["Payment method", "Revenue (USD)", "Payments"],
    ...report.byPaymentMethod.map((method) => [method.method, dollars(method.revenueCents), method.payments]),
  ];
  return Papa.unparse(
    rows.map((row) => row.map((cell) => neutraliseCell(String(cell)))),
    { newline: "\r\n" },
  );
}

/** "financial-report-monthly-2026-11-01-to-2026-11-30.csv" */
export function reportFileName(report: FinancialReport): string {
  return `financial-report-${report.reportType}-${report.startDate}-to-${report.endDate}.csv`;
}
