// The right of the screen: the selected group's records as cards, the merge selection made on them, and the Ready to
// Merge bar once it is complete. Records of different users never merge (that would delete one person's contact to
// keep another's), so a selection stays within one owner's records, and a record alone of its owner cannot merge.
import type { DuplicateRecord } from "@contracts/duplicates";
import { CopyCheckIcon } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { ApiError, messageOf } from "@/lib/api";
import { useDeleteRecord } from "../api/change-record";
import { useDuplicateRecords } from "../api/get-duplicate-records";
import { plural } from "../lib/labels";
import { isReadyToMerge, type MergeSelection, NO_SELECTION, selectionWithin, toggleKeep, toggleMerge } from "../lib/merge-selection";
import { EditRecordDialog } from "./edit-record-dialog";
import { MergeBar } from "./merge-bar";
import { RecordCard } from "./record-card";

const DIFFERENT_OWNERS = "No other record here is this user's: records of different users cannot merge.";

type GroupRecordsProps = { email: string; onUndo: (mergeId: number) => void };

export function GroupRecords({ email, onUndo }: GroupRecordsProps) {
  const records = useDuplicateRecords(email);
  const [chosen, setChosen] = useState<MergeSelection>(NO_SELECTION);
  const [editing, setEditing] = useState<DuplicateRecord | null>(null);
  const [deleting, setDeleting] = useState<DuplicateRecord | null>(null);
  const remove = useDeleteRecord();

  if (records.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading the records of {email}</span>
        {[0, 1].map((index) => (
          <Skeleton key={index} className="h-56" />
        ))}
      </div>
    );
  }
  if (records.isError) {
    // A merge or delete elsewhere can leave fewer than two records: the email is no longer a duplicate.
    if (records.error instanceof ApiError && records.error.status === 404) {
      return <EmptyState icon={CopyCheckIcon} title="No duplicates left" description={`${email} is no longer saved more than once.`} />;
    }
    return <ErrorNotice onRetry={() => void records.refetch()}>Could not load the records of {email}.</ErrorNotice>;
  }

  const all = records.data;
  const selection = selectionWithin(chosen, all.map((record) => record.id));
  const sameOwner = (record: DuplicateRecord) => all.filter((other) => other.owner.id === record.owner.id).map((other) => other.id);
  // A toggle keeps the selection within the toggled record's owner, so Keep and Merge never span two users.
  const choose = (record: DuplicateRecord, toggle: typeof toggleKeep) => setChosen(selectionWithin(toggle(selection, record.id), sameOwner(record)));
  const kept = all.find((record) => record.id === selection.keptId);
  const merged = all.filter((record) => selection.mergeIds.includes(record.id));

  function confirmDelete(record: DuplicateRecord) {
    remove.mutate(record.id, {
      onSuccess: () => toast({ title: "Record deleted", description: record.email }),
      onError: (error) => toast({ title: "Delete failed", description: messageOf(error, "The record could not be deleted"), variant: "destructive" }),
      onSettled: () => setDeleting(null),
    });
  }

  return (
    <section aria-label={`Records of ${email}`} className="grid content-start gap-4">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold tracking-tight break-all">{email}</h2>
        <p role="status" className="text-sm text-muted-foreground">
          {plural(all.length, "record")}. Keep one, mark the others to merge into it.
        </p>
      </div>
      {kept && isReadyToMerge(selection) && (
        <MergeBar
          key={`${kept.id}:${merged.map((record) => record.id).join(",")}`}
          kept={kept}
          merged={merged}
          onUndo={onUndo}
        />
      )}
      <div className="grid gap-3 xl:grid-cols-2">
        {all.map((record) => (
          <RecordCard
            key={record.id}
            record={record}
            kept={selection.keptId === record.id}
            marked={selection.mergeIds.includes(record.id)}
            cannotMerge={sameOwner(record).length > 1 ? null : DIFFERENT_OWNERS}
            onKeep={() => choose(record, toggleKeep)}
            onMerge={() => choose(record, toggleMerge)}
            onEdit={() => setEditing(record)}
            onDelete={() => setDeleting(record)}
          />
        ))}
      </div>
      <EditRecordDialog record={editing} records={all} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete record"
        description="Are you sure you want to delete this record?"
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </section>
  );
}
