// Recent runs: the latest bulk syncs with their progress, live while they run (a paused run says why: Zoho's daily
// credits are spent until the time it names), and each run's per-contact report as a CSV file.
import type { SyncRun } from "@contracts/crm";
import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { downloadSyncReport, useSyncRuns } from "../api/sync-runs";
import { countsSentence, formatWhen, RUN_STATUS_LABELS } from "../labels";
import { isUnfinished } from "../live/run-progress";
import { useRunsLive } from "../live/use-runs-live";
import type { CrmPaths } from "../paths";

export function SyncRunsList({ paths }: { paths: CrmPaths }) {
  const runs = useSyncRuns(paths);
  useRunsLive(paths, runs.data);
  return (
    <section aria-labelledby="crm-sync-runs" className="grid gap-3">
      <h2 id="crm-sync-runs" className="text-lg font-semibold tracking-tight">
        Recent runs
      </h2>
      {runs.isError ? (
        <ErrorNotice onRetry={() => void runs.refetch()}>Could not load the recent runs.</ErrorNotice>
      ) : !runs.data ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading recent runs</span>
          <Skeleton className="h-16" />
        </div>
      ) : runs.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No sync runs yet.</p>
      ) : (
        <ul className="grid gap-2">
          {runs.data.map((run) => (
            <RunItem key={run.jobId} paths={paths} run={run} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RunItem({ paths, run }: { paths: CrmPaths; run: SyncRun }) {
  const [downloading, setDownloading] = useState(false);
  const label = `Sync run of ${formatWhen(run.createdAt)}`;
  async function download() {
    setDownloading(true);
    try {
      await downloadSyncReport(paths, run.jobId);
    } catch (error) {
      toast({ title: "Download failed", description: messageOf(error, "Please try again"), variant: "destructive" });
    } finally {
      setDownloading(false);
    }
  }
  return (
    <li aria-label={label} className="grid gap-2 rounded-xl border bg-card p-4 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{formatWhen(run.createdAt)}</span>
          <Badge variant={run.status === "failed" ? "destructive" : run.status === "completed" ? "success" : "outline"}>
            {RUN_STATUS_LABELS[run.status]}
          </Badge>
        </div>
        <Button size="sm" variant="outline" disabled={downloading} aria-label={`Download report: ${label}`} onClick={() => void download()}>
          <DownloadIcon aria-hidden />
          Report (CSV)
        </Button>
      </div>
      {isUnfinished(run) && (
        <Progress value={run.total === 0 ? null : run.processed} max={Math.max(run.total, 1)} aria-label={`Progress: ${label}`} />
      )}
      {/* A live region: progress and the end of the run are read out as they come. */}
      <p role="status" className="text-muted-foreground">
        {formatCount(run.processed)} of {formatCount(run.total)} contacts: {countsSentence(run)}.
      </p>
      {run.message && (
        <p className={run.status === "failed" ? "text-destructive" : "text-amber-700 dark:text-amber-300"}>
          {run.status === "paused" ? "Paused: " : ""}
          {run.message}
        </p>
      )}
    </li>
  );
}
