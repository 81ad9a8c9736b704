// The users tab: every user in a table the server searches (email or username, as typing pauses), filters (admin,
// throttled, suspended, plan), sorts and pages; the users CSV; and a user's drawer, opened from their row. The
// table's state lives in the tab: leaving the tab starts it afresh.
import { ADMIN_USERS_PAGE_SIZE, type AdminUserRow, type Plan, PLANS, USER_FILTERS, USER_SORTS } from "@contracts/admin";
import { UsersIcon } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchInput } from "@/components/ui/search-input";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { type AdminUsersParams, useAdminUsers } from "../api/get-admin-users";
import { ExportUsersButton } from "./export-users-button";
import { UserDrawer } from "./user-drawer";
import { countColumn, userLinkColumn, whenColumn } from "./columns";
import { PLAN_LABELS, planLabel } from "./user-labels";
import { UserStatusBadges } from "./user-status-badges";

type UserFilter = (typeof USER_FILTERS)[number];
type UserSort = (typeof USER_SORTS)[number];
type UsersView = Required<Pick<AdminUsersParams, "sort" | "order" | "page">> & Pick<AdminUsersParams, "filter" | "plan">;

const FILTER_LABELS: Record<UserFilter, string> = { admin: "Admins", throttled: "Throttled", suspended: "Suspended" };
const SORT_LABELS: Record<UserSort, string> = {
  createdAt: "Joined",
  email: "Email",
  lastActiveAt: "Last active",
  validationCount: "Validations",
};
const ALL = "";

export function UsersTab() {
  const [view, setView] = useState<UsersView>({ sort: "createdAt", order: "desc", page: 1 });
  const [search, setSearch] = useState("");
  const settledSearch = useDebouncedValue(search.trim());
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  // A new search starts from the first page, as a new filter does.
  const [searchedFor, setSearchedFor] = useState(settledSearch);
  if (searchedFor !== settledSearch) {
    setSearchedFor(settledSearch);
    setView({ ...view, page: 1 });
  }
  const users = useAdminUsers({ ...view, search: settledSearch || undefined });
  const change = (patch: Partial<UsersView>) => setView({ ...view, ...patch, page: 1 });
  const searchId = useId();

  return (
    <section aria-label="Users" className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-56 flex-1 gap-1.5">
          <Label htmlFor={searchId}>Search users</Label>
          <SearchInput id={searchId} placeholder="Email or username" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
        <Choice label="Show" value={view.filter} onChange={(value) => change({ filter: (value || undefined) as UserFilter | undefined })}>
          <option value={ALL}>All users</option>
          {USER_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {FILTER_LABELS[filter]}
            </option>
          ))}
        </Choice>
        <Choice label="Plan" value={view.plan} onChange={(value) => change({ plan: (value || undefined) as Plan | undefined })}>
          <option value={ALL}>All plans</option>
          {PLANS.map((plan) => (
            <option key={plan} value={plan}>
              {PLAN_LABELS[plan]}
            </option>
          ))}
        </Choice>
        <Choice label="Sort by" value={view.sort} onChange={(value) => change({ sort: value as UserSort })}>
          {USER_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </Choice>
        <Choice label="Order" value={view.order} onChange={(value) => change({ order: value as "asc" | "desc" })}>
          <option value="desc">Descending</option>
          <option value="asc">Ascending</option>
        </Choice>
        <ExportUsersButton />
      </div>
      {users.isError ? (
        <ErrorNotice>
          Failed to load users.{" "}
          <Button variant="link" className="h-auto p-0" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </ErrorNotice>
      ) : (
        <DataTable
          caption="Users"
          columns={columns(setOpenUserId)}
          data={users.data?.users ?? []}
          getRowId={(row) => row.id}
          isLoading={users.isPending}
          loadingLabel="Loading users"
          empty={
            <EmptyState
              icon={UsersIcon}
              title="No users found"
              description={settledSearch || view.filter || view.plan ? "No user matches the search and filters." : undefined}
            />
          }
          pagination={{
            mode: "server",
            page: view.page,
            pageSize: users.data?.pageSize ?? ADMIN_USERS_PAGE_SIZE,
            total: users.data?.total ?? 0,
            onPageChange: (page) => setView({ ...view, page }),
          }}
        />
      )}
      <UserDrawer userId={openUserId} onClose={() => setOpenUserId(null)} />
    </section>
  );
}

function columns(open: (id: string) => void): ColumnDef<AdminUserRow>[] {
  return [
    userLinkColumn(open),
    { id: "status", header: "Status", cell: ({ row }) => <UserStatusBadges user={row.original} /> },
    { id: "plan", header: "Plan", cell: ({ row }) => planLabel(row.original.plan) },
    countColumn("validations", "Validations", (user) => user.validationCount),
    countColumn("contacts", "Contacts", (user) => user.contactCount),
    {
      id: "credits",
      header: "Credits (granted / paid)",
      meta: { className: "tabular-nums" },
      cell: ({ row: { original: user } }) =>
        `${user.balances.grantedCredits.toLocaleString()} / ${user.balances.paidCredits.toLocaleString()}`,
    },
    whenColumn("createdAt", "Joined", (user) => user.createdAt),
    whenColumn("lastActiveAt", "Last active", (user) => user.lastActiveAt),
  ];
}

type ChoiceProps = { label: string; value: string | undefined; onChange: (value: string) => void; children: ReactNode };

function Choice({ label, value, onChange, children }: ChoiceProps) {
  const id = useId();
  return (
    <div className="grid w-40 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value ?? ALL} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}
