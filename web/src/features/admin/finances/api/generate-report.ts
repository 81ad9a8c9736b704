// POST /api/admin/generate-report {reportType, startDate, endDate}: the financial report of those days. The answer's
// `type` must say "financial", which the contract's schema checks.
import { type FinancialReport, financialReportSchema, type ReportRequest, reportRequestSchema } from "@contracts/admin";
import { useMutation } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";

export const reportInputSchema = reportRequestSchema;

export async function generateReport(input: ReportRequest): Promise<FinancialReport> {
  const body = reportInputSchema.parse(input);
  return readJson(await apiFetch("/api/admin/generate-report", { method: "POST", body }), financialReportSchema);
}

export function useGenerateReport() {
  return useMutation({ mutationFn: generateReport });
}
