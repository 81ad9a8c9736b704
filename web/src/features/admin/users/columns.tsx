// Columns the admin tables share: the user who opens their drawer, a moment, a count.
import type { AdminUserRow } from "@contracts/admin";
import { Button } from "@/components/ui/button";
import type { ColumnDef } from "@/components/ui/data-table";
import { formatWhen, fullName, userLabel } from "./user-labels";

export function userLinkColumn(open: (id: string) => void): ColumnDef<AdminUserRow> {
  return {
    id: "user",
    header: "User",
    meta: { className: "min-w-56" },
    cell: ({ row: { original: user } }) => (
      <span className="grid gap-0.5">
        <Button variant="link" className="h-auto justify-start p-0 text-left" onClick={() => open(user.id)}>
          {userLabel(user)}
        </Button>
        <span className="text-xs text-muted-foreground">{fullName(user) ?? user.username}</span>
      </span>
    ),
  };
}

/** A moment in the reader's own time; `missing` says what an absent one means ("Never"). */
export function When({ iso, missing = "Never" }: { iso: string | null; missing?: string }) {
  return iso === null ? <span className="text-muted-foreground">{missing}</span> : <time dateTime={iso}>{formatWhen(iso)}</time>;
}

export function whenColumn<T>(id: string, header: string, moment: (row: T) => string | null, missing?: string): ColumnDef<T> {
  return { id, header, cell: ({ row }) => <When iso={moment(row.original)} missing={missing} /> };
}

export function countColumn<T>(id: string, header: string, count: (row: T) => number): ColumnDef<T> {
  return { id, header, meta: { className: "tabular-nums" }, cell: ({ row }) => count(row.original).toLocaleString() };
}
