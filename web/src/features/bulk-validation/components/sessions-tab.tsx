// The My Sessions tab: the user's sessions, newest first, kept live by the layout's listener; loading, error and empty
// states; delete behind a confirmation.
import type { BulkSession } from "@contracts/bulk-validation";
import { ListChecksIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useDeleteBulkSession } from "../api/delete-bulk-session";
import { useBulkSessions } from "../api/get-bulk-sessions";
import { SessionCard } from "./session-card";

export function SessionsTab({ onUpload }: { onUpload: () => void }) {
  const sessions = useBulkSessions();
  const [deleting, setDeleting] = useState<BulkSession | null>(null);

  if (sessions.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading sessions</span>
        {[0, 1].map((row) => (
          <Skeleton key={row} className="h-36 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (sessions.isError) {
    return (
      <div className="grid justify-items-start gap-3">
        <ErrorNotice>Failed to load your validation sessions.</ErrorNotice>
        <Button variant="outline" onClick={() => void sessions.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (sessions.data.length === 0) {
    return (
      <EmptyState
        icon={ListChecksIcon}
        title="No validation sessions found"
        description="Upload a file to validate its addresses; its session appears here."
        action={<Button onClick={onUpload}>Upload a file</Button>}
      />
    );
  }
  return (
    <>
      <ul aria-label="Validation sessions" className="grid gap-3">
        {sessions.data.map((session) => (
          <li key={session.id}>
            <SessionCard session={session} onDelete={setDeleting} />
          </li>
        ))}
      </ul>
      <DeleteSessionDialog session={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function DeleteSessionDialog({ session, onClose }: { session: BulkSession | null; onClose: () => void }) {
  const deleteSession = useDeleteBulkSession();

  async function confirm() {
    if (!session) return;
    try {
      await deleteSession.mutateAsync(session.id);
      toast({ title: "Success", description: "Session deleted successfully" });
      onClose();
    } catch (error) {
      // The server's message, in an Error toast.
      toast({ title: "Error", description: messageOf(error, "Failed to delete session"), variant: "destructive" });
    }
  }

  return (
    <ConfirmDialog
      open={session !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete Session"
      description={`Delete ${session?.name ?? "this session"} and its results? A validation still running is stopped.`}
      confirmLabel="Delete"
      pending={deleteSession.isPending}
      onConfirm={() => void confirm()}
    />
  );
}
