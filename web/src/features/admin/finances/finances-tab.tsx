// The finances tab: the payments, and the financial report.
import { FinancialReportSection } from "./financial-report";
import { PaymentsList } from "./payments-list";

export function FinancesTab() {
  return (
    <div className="grid gap-10">
      <PaymentsList />
      <FinancialReportSection />
    </div>
  );
}
