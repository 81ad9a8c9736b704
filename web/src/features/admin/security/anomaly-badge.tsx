// The limiter's reasons for flagging activity, in words.
import type { ActivityEntry } from "@contracts/admin";
import { TriangleAlertIcon } from "lucide-react";
import { Badge } from "@/components/ui/badge";

type AnomalyReason = NonNullable<ActivityEntry["anomalyReason"]>;

export const ANOMALY_LABELS: Record<AnomalyReason, string> = {
  burst: "Burst",
  failed_sign_ins: "Failed sign-ins",
  many_sessions: "Many sessions",
};

export function AnomalyBadge({ entry }: { entry: Pick<ActivityEntry, "isAnomalous" | "anomalyReason"> }) {
  if (!entry.isAnomalous) return null;
  return (
    <Badge variant="destructive">
      <TriangleAlertIcon aria-hidden />
      {entry.anomalyReason ? ANOMALY_LABELS[entry.anomalyReason] : "Anomaly"}
    </Badge>
  );
}
