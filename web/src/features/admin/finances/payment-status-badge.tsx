// A payment's status: completed and verified are money received, pending is on its way, anything else went wrong.
import { Badge } from "@/components/ui/badge";

const LABELS: Record<string, string> = {
  completed: "Completed",
  verified: "Verified",
  pending: "Pending",
  failed: "Failed",
  refunded: "Refunded",
};

export function PaymentStatusBadge({ status }: { status: string }) {
  const variant = status === "completed" || status === "verified" ? "success" : status === "pending" ? "secondary" : "destructive";
  return <Badge variant={variant}>{LABELS[status] ?? status}</Badge>;
}
