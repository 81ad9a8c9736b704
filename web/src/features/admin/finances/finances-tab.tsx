// The finances tab: manual payments to verify, refund requests, the payments, and the financial report.
import { FinancialReportSection } from "./financial-report";
import { PaymentsList } from "./payments-list";
import { RefundRequests } from "./refund-requests";
import { VerificationQueue } from "./verification-queue";

export function FinancesTab() {
  return (
    <div className="grid gap-10">
      <VerificationQueue />
      <RefundRequests />
      <PaymentsList />
      <FinancialReportSection />
    </div>
  );
}
