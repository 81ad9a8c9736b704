// The column that names a user in the admin tables and opens their drawer.
import type { AdminUserRow } from "@contracts/admin";
import { Button } from "@/components/ui/button";
import type { ColumnDef } from "@/components/ui/data-table";
import { fullName, userLabel } from "./user-labels";

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
