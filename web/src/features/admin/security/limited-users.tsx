// The users the limiter holds back: everyone throttled or suspended, with their limits, each opening the user drawer.
import { ADMIN_USERS_PAGE_MAX, type AdminUserRow, DEFAULT_MAX_REQUESTS_PER_MINUTE } from "@contracts/admin";
import { ShieldCheckIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { useAdminUsers } from "../api/get-admin-users";
import { UserDrawer } from "../users/user-drawer";
import { suspensionText, userThrottleText } from "../users/user-labels";
import { userLinkColumn } from "../users/columns";

export function LimitedUsers() {
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const throttled = useAdminUsers({ filter: "throttled", pageSize: ADMIN_USERS_PAGE_MAX });
  const suspended = useAdminUsers({ filter: "suspended", pageSize: ADMIN_USERS_PAGE_MAX });
  const lists = [throttled, suspended];
  // A user both throttled and suspended comes in both answers and is listed once.
  const rows = [...new Map(lists.flatMap((list) => list.data?.users ?? []).map((user) => [user.id, user])).values()];
  const beyond = lists.some((list) => (list.data?.total ?? 0) > (list.data?.users.length ?? 0));

  return (
    <section aria-labelledby="limited-users" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="limited-users" className="text-xl font-semibold tracking-tight">
          Throttled and suspended users
        </h2>
        <p className="text-sm text-muted-foreground">
          A new throttle allows {DEFAULT_MAX_REQUESTS_PER_MINUTE} requests per minute unless you set another limit. Changes
          apply from the user's next request.
        </p>
      </div>
      {lists.some((list) => list.isError) ? (
        <ErrorNotice>
          Failed to load throttled and suspended users.{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => lists.forEach((list) => void list.refetch())}>
            Try again
          </Button>
        </ErrorNotice>
      ) : (
        <DataTable
          caption="Throttled and suspended users"
          columns={columns(setOpenUserId)}
          data={rows}
          getRowId={(user) => user.id}
          isLoading={lists.some((list) => list.isPending)}
          loadingLabel="Loading throttled and suspended users"
          empty={<EmptyState icon={ShieldCheckIcon} title="No user is throttled or suspended" />}
          pagination={{ mode: "client", pageSize: 20 }}
        />
      )}
      {beyond && <p className="text-sm text-muted-foreground">More are held back than shown: filter the Users tab to see them all.</p>}
      <UserDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />
    </section>
  );
}

function columns(open: (id: string) => void): ColumnDef<AdminUserRow>[] {
  return [
    userLinkColumn(open),
    {
      id: "throttle",
      header: "Throttle",
      cell: ({ row }) => userThrottleText(row.original),
    },
    {
      id: "suspension",
      header: "Suspension",
      meta: { className: "min-w-48" },
      cell: ({ row }) => suspensionText(row.original),
    },
  ];
}
