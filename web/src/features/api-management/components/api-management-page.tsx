// /admin/api-management: every user's API keys with their owner, usage and status, which the server searches, filters
// and pages; the busiest keys today; and, per key, revoke and its rate limit. Opened from the admin dashboard's API
// management tab in a window of its own.
import { ADMIN_API_KEYS_PAGE_SIZE, type AdminApiKey, API_KEY_STATUSES, type ApiKeyStatus } from "@contracts/api-keys";
import { KeyRoundIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchInput } from "@/components/ui/search-input";
import { AdminSection, countColumn, whenColumn } from "@/features/admin";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { useAdminApiKeys } from "../api/get-admin-api-keys";
import { KEY_STATUS_LABELS, KeyStatusBadge } from "@/features/api-keys";
import { KeyName, KeyOwner, rateLimitText } from "./key-labels";
import { RateLimitDialog } from "./rate-limit-dialog";
import { RevokeKeyDialog } from "./revoke-key-dialog";
import { TopKeysToday } from "./top-keys-today";

type KeysView = { status: ApiKeyStatus | undefined; page: number };

export function ApiManagementPage() {
  const [view, setView] = useState<KeysView>({ status: undefined, page: 1 });
  const [search, setSearch] = useState("");
  const settledSearch = useDebouncedValue(search.trim());
  // A new search starts from the first page, as a new filter does.
  const [searchedFor, setSearchedFor] = useState(settledSearch);
  if (searchedFor !== settledSearch) {
    setSearchedFor(settledSearch);
    setView({ ...view, page: 1 });
  }
  const keys = useAdminApiKeys({ q: settledSearch || undefined, status: view.status, page: view.page });
  const [revoking, setRevoking] = useState<AdminApiKey | null>(null);
  const [limiting, setLimiting] = useState<AdminApiKey | null>(null);
  const searchId = useId();
  const statusId = useId();

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminSection
        title="API management"
        level={1}
        description="Every API key on the platform: who owns it, how much it is used, and its limit. Revoked keys stop working at once."
      >
        {keys.isError ? (
          <ErrorNotice onRetry={() => void keys.refetch()}>Could not load the API keys.</ErrorNotice>
        ) : (
          <>
            <TopKeysToday keys={keys.data?.topToday} />
            <div className="flex flex-wrap items-end gap-3">
              <div className="grid min-w-56 flex-1 gap-1.5">
                <Label htmlFor={searchId}>Search keys</Label>
                <SearchInput
                  id={searchId}
                  placeholder="Key name or prefix, owner's email or name"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                />
              </div>
              <div className="grid w-40 gap-1.5">
                <Label htmlFor={statusId}>Status</Label>
                <NativeSelect
                  id={statusId}
                  value={view.status ?? ""}
                  onChange={(event) => setView({ status: (event.target.value || undefined) as ApiKeyStatus | undefined, page: 1 })}
                >
                  <option value="">All keys</option>
                  {API_KEY_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {KEY_STATUS_LABELS[status]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <DataTable
              caption="API keys"
              columns={columns({ revoke: setRevoking, limit: setLimiting })}
              data={keys.data?.keys ?? []}
              getRowId={(row) => row.id}
              isLoading={keys.isPending}
              loadingLabel="Loading API keys"
              empty={
                <EmptyState
                  icon={KeyRoundIcon}
                  title="No API keys found"
                  description={settledSearch || view.status ? "No key matches the search and filter." : "Nobody has made an API key yet."}
                />
              }
              pagination={{
                mode: "server",
                page: view.page,
                pageSize: keys.data?.pageSize ?? ADMIN_API_KEYS_PAGE_SIZE,
                total: keys.data?.total ?? 0,
                onPageChange: (page) => setView({ ...view, page }),
              }}
            />
          </>
        )}
      </AdminSection>
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
      <RateLimitDialog apiKey={limiting} onClose={() => setLimiting(null)} />
    </div>
  );
}

type KeyActions = { revoke: (apiKey: AdminApiKey) => void; limit: (apiKey: AdminApiKey) => void };

function columns({ revoke, limit }: KeyActions): ColumnDef<AdminApiKey>[] {
  return [
    { id: "key", header: "Key", meta: { className: "min-w-48" }, cell: ({ row }) => <KeyName apiKey={row.original} /> },
    { id: "owner", header: "Owner", meta: { className: "min-w-48" }, cell: ({ row }) => <KeyOwner apiKey={row.original} /> },
    { id: "status", header: "Status", cell: ({ row }) => <KeyStatusBadge status={row.original.status} /> },
    countColumn("usage", "Calls", (apiKey) => apiKey.usageCount),
    countColumn("today", "Today", (apiKey) => apiKey.requestsToday),
    { id: "limit", header: "Rate limit", meta: { className: "tabular-nums" }, cell: ({ row }) => rateLimitText(row.original.rateLimit) },
    whenColumn("lastUsedAt", "Last used", (apiKey) => apiKey.lastUsedAt),
    whenColumn("createdAt", "Created", (apiKey) => apiKey.createdAt),
    whenColumn("expiresAt", "Expires", (apiKey) => apiKey.expiresAt, "Never"),
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row: { original: apiKey } }) =>
        // A revoked key can neither be revoked again nor called, so its limit no longer matters.
        apiKey.status !== "revoked" && (
          <span className="flex justify-end gap-1">
            <Button variant="outline" size="sm" aria-label={`Rate limit of ${apiKey.keyName}`} onClick={() => limit(apiKey)}>
              Rate limit
            </Button>
            <Button variant="destructive" size="sm" aria-label={`Revoke ${apiKey.keyName}`} onClick={() => revoke(apiKey)}>
              Revoke
            </Button>
          </span>
        ),
    },
  ];
}
