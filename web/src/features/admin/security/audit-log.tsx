// The audit log: every change an admin made (or the system, for expiries), who, what in words, on what, and the
// fields that changed as before → after. Nobody can edit or delete its rows.
import type { AuditEntry } from "@contracts/admin";
import { ScrollTextIcon } from "lucide-react";
import { CursorTable } from "@/components/ui/cursor-table";
import type { ColumnDef } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { useAuditLog } from "../api/get-audit-log";
import { whenColumn } from "../users/columns";
import { actionWords, auditChanges } from "./audit-words";

export function AuditLog() {
  const audit = useAuditLog();
  return (
    <section aria-labelledby="audit-log" className="grid gap-3">
      <h2 id="audit-log" className="text-xl font-semibold tracking-tight">
        Audit log
      </h2>
      <CursorTable
        pages={audit}
        rows={audit.data?.pages.flatMap((page) => page.entries) ?? []}
        columns={columns}
        caption="Audit log"
        getRowId={(entry) => String(entry.id)}
        loadingLabel="Loading the audit log"
        empty={<EmptyState icon={ScrollTextIcon} title="No admin actions yet" />}
        failure="Failed to load the audit log."
      />
    </section>
  );
}

const columns: ColumnDef<AuditEntry>[] = [
  // No actor: the system did it (expiring grants); an actor whose account is gone keeps the email of the time.
  { id: "who", header: "Who", cell: ({ row: { original: entry } }) => entry.actorEmail ?? entry.actorId ?? "System" },
  { id: "action", header: "Action", cell: ({ row }) => actionWords(row.original.action) },
  {
    id: "target",
    header: "Target",
    cell: ({ row: { original: entry } }) => (
      <span className="grid">
        <span>{entry.targetType}</span>
        {entry.targetId && <span className="font-mono text-xs break-all text-muted-foreground">{entry.targetId}</span>}
      </span>
    ),
  },
  { id: "change", header: "Change", meta: { className: "min-w-64" }, cell: ({ row }) => <AuditChangeList entry={row.original} /> },
  whenColumn("createdAt", "When", (entry) => entry.createdAt),
];

function AuditChangeList({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted-foreground">No change recorded</span>;
  return (
    <ul className="grid gap-0.5 font-mono text-xs">
      {changes.map((change) => (
        <li key={change.field ?? ""} className="break-all">
          {change.field && <span className="text-muted-foreground">{change.field}: </span>}
          <del className="text-destructive">{change.before}</del>
          <span aria-hidden> → </span>
          <span className="sr-only"> became </span>
          <ins className="text-success no-underline">{change.after}</ins>
        </li>
      ))}
    </ul>
  );
}
