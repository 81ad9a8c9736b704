// One session in My Sessions: name, file, when, counts and status; while it runs, "Processing in background..."
// with a bar, the rate and the time left, and how many mailbox checks it still waits for; once completed, the Download
// button; always, delete.
import type { BulkSession, BulkSessionStatus } from "@contracts/bulk-validation";
import { DownloadIcon, LoaderCircleIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/toast-store";
import { downloadBulkResults } from "../api/download-bulk-results";
import { isUnfinished } from "../live/progress";
import { useProgressRate } from "../live/use-progress-rate";

const STATUS_BADGES: Record<BulkSessionStatus, { label: string; variant: "secondary" | "success" | "destructive" | "outline" }> = {
  queued: { label: "Queued", variant: "secondary" },
  running: { label: "Processing", variant: "secondary" },
  completed: { label: "Completed", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  cancelled: { label: "Cancelled", variant: "outline" },
};

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

type SessionCardProps = { session: BulkSession; onDelete: (session: BulkSession) => void };

export function SessionCard({ session, onDelete }: SessionCardProps) {
  const running = isUnfinished(session);
  const badge = STATUS_BADGES[session.status];
  const titleId = `session-${session.id}`;
  return (
    <Card role="article" aria-labelledby={titleId} className="grid gap-4 p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h3 id={titleId} className="truncate font-semibold">
            {session.name}
          </h3>
          <p className="truncate text-sm text-muted-foreground">
            {session.fileName} · {new Date(session.createdAt).toLocaleString()}
            {session.apiKeyName !== null && ` · via API key ${session.apiKeyName}`}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Badge variant={badge.variant}>{badge.label}</Badge>
          {session.status === "completed" && <DownloadButton session={session} />}
          <Button variant="ghost" size="icon" aria-label={`Delete ${session.name}`} onClick={() => onDelete(session)}>
            <Trash2Icon aria-hidden />
          </Button>
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-5">
        <Count label="Total" value={session.totalEmails} />
        <Count label="Processed" value={session.processedEmails} />
        <Count label="Valid" value={session.validCount} className="text-success" />
        <Count label="Invalid" value={session.invalidCount} className="text-destructive" />
        <Count label="Warning" value={session.warningCount} />
      </dl>

      {session.skippedRows > 0 && (
        <p className="text-xs text-muted-foreground">
          {session.skippedRows.toLocaleString()} {session.skippedRows === 1 ? "row" : "rows"} without an @ skipped: not
          validated and not in the download.
        </p>
      )}
      {running && <RunningProgress session={session} />}
      {session.status === "failed" && session.error && (
        <p className="text-sm text-destructive">{session.error}</p>
      )}
      {session.status === "completed" && session.expiresAt && (
        <p className="text-xs text-muted-foreground">
          Results can be downloaded until {new Date(session.expiresAt).toLocaleDateString()}.
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement(session)}
      </p>
    </Card>
  );
}

/** What a screen reader hears as a session moves: each tenth of the way, that mailbox checks are awaited (once, not
 * each one that ends), then how it ended. */
function announcement(session: BulkSession): string {
  if (!isUnfinished(session)) return `${session.name}: ${STATUS_BADGES[session.status].label}`;
  const tenths = session.totalEmails === 0 ? 0 : Math.floor((session.processedEmails / session.totalEmails) * 10);
  const checking = session.mailboxPendingEmails > 0 ? ", checking mailboxes" : "";
  return `${session.name}: ${tenths * 10}% processed${checking}`;
}

function Count({ label, value, className }: { label: string; value: number; className?: string }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={className ? `font-semibold ${className}` : "font-semibold"}>{value.toLocaleString()}</dd>
    </div>
  );
}

function RunningProgress({ session }: { session: BulkSession }) {
  const { rowsPerSecond, secondsLeft } = useProgressRate(session.processedEmails, session.totalEmails);
  const waiting = session.mailboxPendingEmails;
  // With every row processed the rows' time left is none, but the job still waits for its mailbox checks.
  const showTimeLeft = secondsLeft !== null && !(secondsLeft === 0 && waiting > 0);
  return (
    <div className="grid gap-2">
      <Progress
        value={session.processedEmails}
        max={Math.max(session.totalEmails, 1)}
        aria-label={`Progress of ${session.name}`}
      />
      <p className="flex flex-wrap justify-between gap-2 text-sm text-muted-foreground">
        <span>{session.uploadComplete ? "Processing in background..." : "Waiting for the rest of the file..."}</span>
        <span>
          {session.processedEmails.toLocaleString()} of {session.totalEmails.toLocaleString()} processed
          {rowsPerSecond !== null && ` · ${Math.round(rowsPerSecond).toLocaleString()} emails/s`}
          {showTimeLeft && ` · about ${formatDuration(secondsLeft)} left`}
        </span>
      </p>
      {waiting > 0 && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircleIcon className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
          Checking mailboxes… {waiting.toLocaleString()} left
        </p>
      )}
    </div>
  );
}

function DownloadButton({ session }: { session: BulkSession }) {
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      await downloadBulkResults(session);
    } catch {
      toast({ title: "Error", description: "Failed to download results", variant: "destructive" });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button size="sm" disabled={pending} onClick={() => void download()}>
      <DownloadIcon aria-hidden />
      {pending ? "Downloading..." : "Download"}
      <span className="sr-only"> results of {session.name}</span>
    </Button>
  );
}
