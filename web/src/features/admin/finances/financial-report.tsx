// Report generation: a monthly or yearly financial report of chosen days, shown as a chart and tables and downloadable
// as CSV.
import { type FinancialReport, REPORT_MAX_DAYS, REPORT_TYPES, type ReportRequest } from "@contracts/admin";
import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { BarChart } from "@/components/ui/bar-chart";
import { Button } from "@/components/ui/button";
import { FieldFrame, Form, TextField } from "@/components/ui/form";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";
import { formatCount, formatUsd } from "@/features/pricing";
import { refusalOf } from "@/lib/api";
import { cn } from "@/lib/cn";
import { saveFile } from "@/lib/save-file";
import { AdminSection } from "../components/admin-section";
import { formatDay, formatMonth, formatShortDay } from "../lib/timeframes";
import { reportInputSchema, useGenerateReport } from "./api/generate-report";
import { paymentMethodLabel } from "./payment-methods";
import { reportFileName, reportToCsv } from "./report-csv";

const REPORT_TYPE_LABELS: Record<ReportRequest["reportType"], string> = {
  monthly: "Monthly (by day)",
  yearly: "Yearly (by month)",
};

/** The month so far: a monthly report of it is what an admin most often wants. */
function defaultDays(): Pick<ReportRequest, "startDate" | "endDate"> {
  const today = new Date().toISOString().slice(0, 10);
  return { startDate: `${today.slice(0, 8)}01`, endDate: today };
}

export function FinancialReportSection() {
  const generate = useGenerateReport();
  const [report, setReport] = useState<FinancialReport>();

  return (
    <AdminSection
      title="Financial report"
      description={
        `Revenue, payments, new users, validations and credits granted. A monthly report covers up to ` +
        `${REPORT_MAX_DAYS.monthly} days by day, a yearly one up to ${REPORT_MAX_DAYS.yearly} days by month. Days are UTC.`
      }
    >
      <Form
        aria-label="Generate a report"
        schema={reportInputSchema}
        defaultValues={{ reportType: "monthly", ...defaultDays() }}
        className="flex flex-wrap items-start gap-4 rounded-2xl border bg-card p-4"
        onSubmit={async (values) => {
          try {
            setReport(await generate.mutateAsync(values));
          } catch (error) {
            toast({
              title: "Report Generation Failed",
              description: refusalOf(error) ?? "Failed to generate financial report. Please try again.",
              variant: "destructive",
            });
          }
        }}
      >
        {({ register, formState }) => (
          <>
            <FieldFrame label="Report type" error={formState.errors.reportType} className="w-48">
              {(control) => (
                <NativeSelect {...control} {...register("reportType")}>
                  {REPORT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {REPORT_TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FieldFrame>
            <TextField
              label="Start date"
              type="date"
              className="w-44"
              registration={register("startDate")}
              error={formState.errors.startDate}
            />
            <TextField
              label="End date"
              type="date"
              className="w-44"
              registration={register("endDate")}
              error={formState.errors.endDate}
            />
            <Button type="submit" className="mt-6" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Generating..." : "Generate report"}
            </Button>
          </>
        )}
      </Form>
      {report && <ReportView report={report} />}
    </AdminSection>
  );
}

function ReportView({ report }: { report: FinancialReport }) {
  const periodLabel = report.reportType === "monthly" ? formatShortDay : formatMonth;
  const { totals } = report;
  return (
    <article aria-label="Report" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-medium">
          {report.reportType === "monthly" ? "Monthly" : "Yearly"} report, {formatDay(report.startDate)} –{" "}
          {formatDay(report.endDate)}
        </p>
        <Button
          variant="outline"
          onClick={() => {
            // The BOM tells spreadsheet programs the file is UTF-8.
            saveFile(new Blob(["\uFEFF", reportToCsv(report)], { type: "text/csv;charset=utf-8" }), reportFileName(report));
          }}
        >
          <DownloadIcon aria-hidden />
          Download CSV
        </Button>
      </div>
      <BarChart
        title="Revenue per period"
        data={report.periods}
        label={(period) => periodLabel(period.period)}
        value={(period) => period.revenueCents}
        format={formatUsd}
        labelHeader={report.reportType === "monthly" ? "Day" : "Month"}
        valueHeader="Revenue"
      />
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Report by period</caption>
          <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
            <tr>
              {["Period", "Revenue", "Payments", "New users", "Validations", "Credits granted"].map((header, index) => (
                <th key={header} scope="col" className={cn("px-4 py-3 font-medium", index > 0 && "text-right")}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {report.periods.map((period) => (
              <FiguresRow key={period.period} label={periodLabel(period.period)} figures={period} />
            ))}
          </tbody>
          <tfoot className="border-t font-semibold">
            <FiguresRow label="Total" figures={totals} />
          </tfoot>
        </table>
      </div>
      <div className="overflow-x-auto rounded-xl border bg-card">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Revenue by payment method</caption>
          <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Payment method
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Revenue
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Payments
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {report.byPaymentMethod.length === 0 ? (
              <tr>
                <td colSpan={3} className="px-4 py-3 text-muted-foreground">
                  No payments in these days.
                </td>
              </tr>
            ) : (
              report.byPaymentMethod.map((method) => (
                <tr key={method.method}>
                  <th scope="row" className="px-4 py-2 font-normal">
                    {paymentMethodLabel(method.method)}
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">{formatUsd(method.revenueCents)}</td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatCount(method.payments)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </article>
  );
}

type Figures = FinancialReport["totals"];

function FiguresRow({ label, figures }: { label: string; figures: Figures }) {
  return (
    <tr>
      {/* The total's row is bold by its table footer; the periods' names read as plain as their figures. */}
      <th scope="row" className="px-4 py-2 [font-weight:inherit]">
        {label}
      </th>
      <td className="px-4 py-2 text-right tabular-nums">{formatUsd(figures.revenueCents)}</td>
      <td className="px-4 py-2 text-right tabular-nums">{formatCount(figures.payments)}</td>
      <td className="px-4 py-2 text-right tabular-nums">{formatCount(figures.newUsers)}</td>
      <td className="px-4 py-2 text-right tabular-nums">{formatCount(figures.validations)}</td>
      <td className="px-4 py-2 text-right tabular-nums">{formatCount(figures.creditsGranted)}</td>
    </tr>
  );
}
