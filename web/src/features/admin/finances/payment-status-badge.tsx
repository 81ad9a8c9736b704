// A payment's status: completed and verified are money received, pending is on its way, anything else went wrong.
import { Badge } from "@/components/ui/badge";

const LABELS: Record<string, string> = {
  completed: "Completed",
  verified: "Verified",
  pending: "Pending",
  failed: "Failed",
  refunded: "Refunded",
};

function variantOf(status: string) {
  if (status === "completed" || status === "verified") return "success";
  return status === "pending" ? "secondary" : "destructive";
}

export function PaymentStatusBadge({ status }: { status: string }) {
  const variant = variantOf(status);
  return <Badge variant={variant}>{LABELS[status] ?? status}</Badge>;
}
