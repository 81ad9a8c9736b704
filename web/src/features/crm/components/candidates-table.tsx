// The contacts a sync can send: the caller's saved contacts, a server's page at a time, with their validity, score and
// how their last sync went. Rows are picked by checkbox (the header's box picks the page, then a link the whole
// filter); Sync Selected sends them in one bulk sync, each row's Sync button one contact.
import { type SyncCandidate, type SyncFilter, type SyncOptions, SYNC_FILTERS } from "@contracts/crm";
import type { OnChangeFn, RowSelectionState } from "@tanstack/react-table";
import { ContactIcon, RefreshCwIcon } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { formatCount } from "@/lib/format";
import { SYNC_CANDIDATES_PAGE_SIZE, useSyncCandidates } from "../api/get-sync-candidates";
import { useBulkSync, useSyncContact } from "../api/sync-contacts";
import { countsSentence, FILTER_LABELS, formatWhen, OUTCOME_LABELS } from "../labels";
import type { CrmPaths } from "../paths";
import { bulkTarget, canSelectAllMatching, NO_SELECTION, selectedCount, type SyncSelection, tickedRows } from "../selection";

type CandidatesTableProps = {
  paths: CrmPaths;
  options: SyncOptions;
  /** Syncing needs a working connection; without one the contacts are shown and the sync buttons are off. */
  canSync: boolean;
};

export function CandidatesTable({ paths, options, canSync }: CandidatesTableProps) {
  const [view, setView] = useState<{ filter: SyncFilter; page: number }>({ filter: "all", page: 1 });
  const [selection, setSelection] = useState<SyncSelection>(NO_SELECTION);
  const candidates = useSyncCandidates(paths, view);
  const syncContact = useSyncContact(paths);
  const bulkSync = useBulkSync(paths);

  const contacts = candidates.data?.contacts ?? [];
  const total = candidates.data?.total ?? 0;
  const pageIds = contacts.map((contact) => String(contact.id));
  const count = selectedCount(selection, total);

  const onSelectionChange: OnChangeFn<RowSelectionState> = (update) => {
    const before = tickedRows(selection, pageIds);
    setSelection({ kind: "rows", rows: typeof update === "function" ? update(before) : update });
  };

  function syncOne(contact: SyncCandidate) {
    syncContact.mutate(
      { contactId: contact.id, options },
      {
        onSuccess: (result) =>
          toast(
            result.outcome === "failed"
              ? { title: "Sync failed", description: `${contact.email}: ${result.message ?? "Zoho refused the record"}`, variant: "destructive" }
              : { title: "Contact synced", description: `${contact.email}: ${OUTCOME_LABELS[result.outcome].toLowerCase()}` },
          ),
        onError: (error) => toast({ title: "Sync failed", description: messageOf(error, "Please try again"), variant: "destructive" }),
      },
    );
  }

  function syncSelected() {
    bulkSync.mutate(
      { ...bulkTarget(selection, view.filter), ...options },
      {
        onSuccess: (answer) => {
          setSelection(NO_SELECTION);
          toast(
            answer.kind === "inline"
              ? { title: "Bulk sync complete", description: countsSentence(answer.counts) }
              : { title: "Bulk sync started", description: "The contacts sync in the background; follow it under Recent runs." },
          );
        },
        onError: (error) => toast({ title: "Bulk sync failed", description: messageOf(error, "Please try again"), variant: "destructive" }),
      },
    );
  }

  const columns: ColumnDef<SyncCandidate>[] = [
    { id: "email", header: "Email", accessorKey: "email", cell: ({ getValue }) => <span className="font-medium break-all">{getValue<string>()}</span> },
    {
      id: "name",
      header: "Name",
      accessorFn: (contact) => [contact.first_name, contact.last_name].filter(Boolean).join(" "),
    },
    { id: "company", header: "Company", accessorKey: "company" },
    { id: "phone", header: "Phone", accessorFn: (contact) => contact.phone_number ?? contact.mobile_number ?? "" },
    { id: "status", header: "Status", cell: ({ row }) => <ValidityBadges contact={row.original} /> },
    {
      id: "score",
      header: "Score",
      accessorKey: "deliverability_score",
      cell: ({ getValue }) => {
        const score = getValue<number | null>();
        return score === null ? <span className="text-muted-foreground">—</span> : `${score}%`;
      },
      meta: { className: "tabular-nums" },
    },
    { id: "last-sync", header: "Last sync", cell: ({ row }) => <LastSync contact={row.original} /> },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: "text-right" },
      cell: ({ row }) => {
        const busy = syncContact.isPending && syncContact.variables.contactId === row.original.id;
        return (
          <Button size="sm" variant="outline" disabled={!canSync || busy} aria-label={`Sync ${row.original.email}`} onClick={() => syncOne(row.original)}>
            <RefreshCwIcon className={busy ? "animate-spin" : undefined} aria-hidden />
            {busy ? "Syncing..." : "Sync"}
          </Button>
        );
      },
    },
  ];

  return (
    <section aria-label="Contacts to sync" className="grid gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1.5">
          <label htmlFor="crm-sync-filter" className="text-sm font-medium">
            Show
          </label>
          <NativeSelect
            id="crm-sync-filter"
            className="w-48"
            value={view.filter}
            onChange={(event) => {
              setView({ filter: event.target.value as SyncFilter, page: 1 });
              setSelection(NO_SELECTION);
            }}
          >
            {SYNC_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {FILTER_LABELS[filter]}
              </option>
            ))}
          </NativeSelect>
        </div>
        {count > 0 && (
          <Button disabled={!canSync || bulkSync.isPending} onClick={syncSelected}>
            {bulkSync.isPending ? "Syncing..." : `Sync Selected (${formatCount(count)})`}
          </Button>
        )}
      </div>
      <SelectionNote
        selection={selection}
        count={count}
        total={total}
        selectAllMatching={canSelectAllMatching(selection, pageIds, total) ? () => setSelection({ kind: "matching" }) : undefined}
        clear={() => setSelection(NO_SELECTION)}
      />
      {candidates.isError ? (
        <ErrorNotice onRetry={() => void candidates.refetch()}>Could not load the contacts.</ErrorNotice>
      ) : (
        <DataTable
          columns={columns}
          data={contacts}
          caption="Contacts to sync"
          getRowId={(contact) => String(contact.id)}
          isLoading={candidates.isPending}
          loadingLabel="Loading contacts"
          empty={<EmptyState icon={ContactIcon} title="No contacts available for sync" description="Contacts you save show here." />}
          pagination={{
            mode: "server",
            page: view.page,
            pageSize: SYNC_CANDIDATES_PAGE_SIZE,
            total,
            onPageChange: (page) => setView((current) => ({ ...current, page })),
          }}
          selection={{ value: tickedRows(selection, pageIds), onChange: onSelectionChange, rowLabel: (contact) => contact.email }}
        />
      )}
    </section>
  );
}

type SelectionNoteProps = {
  selection: SyncSelection;
  count: number;
  total: number;
  selectAllMatching: (() => void) | undefined;
  clear: () => void;
};

/** Says how many are selected (a live region, so a screen reader hears each change) and offers the whole filter. */
function SelectionNote({ selection, count, total, selectAllMatching, clear }: SelectionNoteProps) {
  return (
    <div className="flex min-h-6 flex-wrap items-center gap-2 text-sm">
      <p role="status" className="text-muted-foreground">
        {count === 0
          ? ""
          : selection.kind === "matching"
            ? `All ${formatCount(total)} matching contacts are selected.`
            : `${formatCount(count)} selected.`}
      </p>
      {selectAllMatching && (
        <Button variant="link" className="h-auto p-0" onClick={selectAllMatching}>
          Select all {formatCount(total)} matching
        </Button>
      )}
      {count > 0 && (
        <Button variant="link" className="h-auto p-0" onClick={clear}>
          Clear selection
        </Button>
      )}
    </div>
  );
}

function ValidityBadges({ contact }: { contact: SyncCandidate }) {
  if (contact.is_valid === null) return <Badge variant="outline">Not validated</Badge>;
  if (contact.is_valid) return <Badge variant="success">Valid</Badge>;
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant="destructive">Invalid</Badge>
      {contact.last_sync?.tagged && <Badge variant="secondary">Tagged</Badge>}
    </span>
  );
}

function LastSync({ contact }: { contact: SyncCandidate }) {
  const last = contact.last_sync;
  if (!last) return <span className="text-muted-foreground">Never</span>;
  return (
    <span className="grid gap-0.5">
      <Badge variant={last.outcome === "failed" ? "destructive" : last.outcome === "skipped" ? "outline" : "success"}>
        {OUTCOME_LABELS[last.outcome]}
      </Badge>
      <span className="text-xs text-muted-foreground">{formatWhen(last.synced_at)}</span>
      {last.message && <span className="text-xs text-muted-foreground">{last.message}</span>}
    </span>
  );
}
