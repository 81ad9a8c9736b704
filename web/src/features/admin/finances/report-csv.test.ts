import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { financialReport } from "@/test/admin-screens";
import { reportFileName, reportToCsv } from "./report-csv";

const report = financialReport({
  byPaymentMethod: [
    { method: "stripe", revenueCents: 100_000, payments: 2 },
    { method: "=HYPERLINK(\"http://evil.test\")", revenueCents: 20_050, payments: 1 },
  ],
});

describe("reportToCsv", () => {
  it("writes a row per period, the total, then the revenue by payment method, in dollars", () => {
    const rows = Papa.parse<string[]>(reportToCsv(report)).data;
    expect(rows).toEqual([
      ["Period", "Revenue (USD)", "Payments", "New users", "Validations", "Credits granted"],
      ["2026-11-01", "1200.50", "3", "10", "5000", "0"],
      ["2026-11-02", "0.00", "0", "2", "10", "500"],
      ["Total", "1200.50", "3", "12", "5010", "500"],
      [""],
      ["Payment method", "Revenue (USD)", "Payments"],
      ["stripe", "1000.00", "2"],
      ["'=HYPERLINK(\"http://evil.test\")", "200.50", "1"],
    ]);
  });

  it("names the file after the report's type and days", () => {
    expect(reportFileName(report)).toBe("financial-report-monthly-2026-11-01-to-2026-11-02.csv");
  });
});
