// The activity log: what the limiter recorded (refused requests counted per minute, sign-ins, anomalies), newest first;
// "Anomalies only" asks the server for just the flagged entries.
import type { ActivityEntry } from "@contracts/admin";
import { ActivityIcon } from "lucide-react";
import { useId, useState } from "react";
import { CursorTable } from "@/components/ui/cursor-table";
import type { ColumnDef } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { useAdminActivity } from "../api/get-admin-activity";
import { countColumn, whenColumn } from "../users/columns";
import { AnomalyBadge } from "./anomaly-badge";

export function ActivityLog() {
  const [anomaliesOnly, setAnomaliesOnly] = useState(false);
  const activity = useAdminActivity(anomaliesOnly);
  const switchId = useId();

  return (
    <section aria-labelledby="activity-log" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="activity-log" className="text-xl font-semibold tracking-tight">
          Activity log
        </h2>
        <div className="flex items-center gap-2">
          <Switch id={switchId} checked={anomaliesOnly} onCheckedChange={setAnomaliesOnly} />
          <Label htmlFor={switchId}>Anomalies only</Label>
        </div>
      </div>
      <CursorTable
        pages={activity}
        rows={activity.data?.pages.flatMap((page) => page.entries) ?? []}
        columns={columns}
        caption="Activity log"
        getRowId={(entry) => String(entry.id)}
        loadingLabel="Loading the activity log"
        empty={<EmptyState icon={ActivityIcon} title={anomaliesOnly ? "No anomalies recorded" : "No activity recorded"} />}
        failure="Failed to load the activity log."
      />
    </section>
  );
}

const columns: ColumnDef<ActivityEntry>[] = [
  whenColumn("createdAt", "When", (entry) => entry.createdAt),
  {
    id: "who",
    header: "Who",
    cell: ({ row: { original: entry } }) => (
      <span className="grid">
        <span>{entry.userEmail ?? "Visitor"}</span>
        {entry.ipAddress && <span className="font-mono text-xs text-muted-foreground">{entry.ipAddress}</span>}
      </span>
    ),
  },
  { id: "endpoint", header: "Endpoint", meta: { className: "font-mono text-xs" }, cell: ({ row }) => row.original.endpoint },
  countColumn("requests", "Requests", (entry) => entry.requestCount),
  { id: "anomaly", header: "Anomaly", cell: ({ row }) => <AnomalyBadge entry={row.original} /> },
];
