// Recent merges: the contact audit log, newest first. A merge can be undone until its undo window closes; one undone
// says so.
import type { MergeEntry } from "@contracts/duplicates";
import { HistoryIcon, Undo2Icon } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CursorTable } from "@/components/ui/cursor-table";
import type { ColumnDef } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { useMerges } from "../api/merges";
import { ownerName } from "../lib/labels";

const ACTION_LABELS: Record<MergeEntry["action"], string> = { merge: "Merge", edit: "Edit", delete: "Delete" };

type RecentMergesProps = { onUndo: (mergeId: number) => void; undoing: boolean };

export function RecentMerges({ onUndo, undoing }: RecentMergesProps) {
  const merges = useMerges();
  const rows = merges.data?.pages.flatMap((page) => page.merges) ?? [];

  const columns: ColumnDef<MergeEntry>[] = [
    {
      id: "createdAt",
      header: "Time",
      accessorKey: "createdAt",
      cell: ({ getValue }) => <time dateTime={getValue<string>()}>{new Date(getValue<string>()).toLocaleString()}</time>,
    },
    { id: "action", header: "Action", accessorFn: (entry) => ACTION_LABELS[entry.action] },
    { id: "actor", header: "By", accessorFn: (entry) => (entry.actor ? ownerName(entry.actor) : "A removed admin") },
    { id: "email", header: "Email", accessorKey: "email", meta: { className: "font-medium break-all" } },
    { id: "removed", header: "Removed", accessorFn: (entry) => entry.removedIds.length },
    {
      id: "undo",
      header: () => <span className="sr-only">Undo</span>,
      enableSorting: false,
      meta: { className: "text-right" },
      cell: ({ row }) => {
        const entry = row.original;
        if (entry.undoneAt) return <Badge variant="secondary">Undone</Badge>;
        if (!entry.undoableUntil || Date.parse(entry.undoableUntil) <= Date.now()) return null;
        return (
          <Button size="sm" variant="outline" aria-label={`Undo the merge of ${entry.email}`} disabled={undoing} onClick={() => onUndo(entry.id)}>
            <Undo2Icon aria-hidden />
            Undo
          </Button>
        );
      },
    },
  ];

  return (
    <CursorTable
      pages={merges}
      rows={rows}
      columns={columns}
      caption="Recent merges"
      getRowId={(entry) => String(entry.id)}
      loadingLabel="Loading recent merges"
      empty={<EmptyState icon={HistoryIcon} title="No merges yet" description="Merges, edits and deletes made here are listed, newest first." />}
      failure="Could not load the recent merges."
    />
  );
}
