// Removals: requests to take a landing page down, filtered by status. A request nobody confirmed by mail waits for an
// admin: approving removes the page (410, out of the sitemap) and suppresses its address or domain.
import { type AdminRemovalRequest, REMOVAL_STATUSES, type RemovalStatus } from "@contracts/seo";
import { CheckIcon, InboxIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { type RemovalDecision, useDecideRemoval } from "../api/decide-removal";
import { useRemovalRequests } from "../api/get-removal-requests";
import { REMOVAL_STATUS_LABELS } from "./labels";

const OPEN_STATUSES: RemovalStatus[] = ["awaiting_confirmation", "pending_review"];

export function RemovalsTab() {
  const [status, setStatus] = useState<RemovalStatus | undefined>("pending_review");
  const requests = useRemovalRequests(status);
  const decide = useDecideRemoval();
  const filterId = useId();

  function decideOn(request: AdminRemovalRequest, decision: RemovalDecision) {
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: () =>
          toast({ title: decision === "approve" ? "Page Removed" : "Request Rejected", description: request.url }),
        onError: (error) =>
          toast({ title: "Error", description: messageOf(error, "Failed to decide the request"), variant: "destructive" }),
      },
    );
  }

  const columns: ColumnDef<AdminRemovalRequest>[] = [
    { id: "url", header: "Page", accessorKey: "url", meta: { className: "font-medium break-all" } },
    { id: "email", header: "Email", accessorKey: "email", meta: { className: "break-all" } },
    { id: "reason", header: "Reason", accessorKey: "reason", meta: { className: "max-w-xs" } },
    {
      id: "status",
      header: "Status",
      accessorFn: (request) => REMOVAL_STATUS_LABELS[request.status],
      cell: ({ row }) => (
        <Badge variant={row.original.status === "removed" ? "success" : row.original.status === "rejected" ? "secondary" : "outline"}>
          {REMOVAL_STATUS_LABELS[row.original.status]}
        </Badge>
      ),
    },
    {
      id: "createdAt",
      header: "Received",
      accessorKey: "createdAt",
      cell: ({ getValue }) => <time dateTime={getValue<string>()}>{new Date(getValue<string>()).toLocaleString()}</time>,
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      meta: { className: "text-right" },
      cell: ({ row }) =>
        OPEN_STATUSES.includes(row.original.status) && (
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" aria-label={`Approve removal of ${row.original.url}`} disabled={decide.isPending} onClick={() => decideOn(row.original, "approve")}>
              <CheckIcon aria-hidden />
              Approve
            </Button>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Reject removal of ${row.original.url}`}
              disabled={decide.isPending}
              onClick={() => decideOn(row.original, "reject")}
            >
              <XIcon aria-hidden />
              Reject
            </Button>
          </div>
        ),
    },
  ];

  return (
    <div className="grid gap-4">
      <div className="grid max-w-xs gap-2">
        <Label htmlFor={filterId}>Status</Label>
        <NativeSelect
          id={filterId}
          value={status ?? "all"}
          onChange={(event) => setStatus(event.target.value === "all" ? undefined : (event.target.value as RemovalStatus))}
        >
          <option value="all">All</option>
          {REMOVAL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {REMOVAL_STATUS_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {requests.isError ? (
        <ErrorNotice onRetry={() => void requests.refetch()}>Could not load the removal requests.</ErrorNotice>
      ) : (
        <DataTable
          caption="Removal requests"
          columns={columns}
          data={requests.data ?? []}
          getRowId={(request) => request.id}
          isLoading={requests.isPending}
          loadingLabel="Loading removal requests"
          pagination={{ mode: "client", pageSize: 20 }}
          empty={<EmptyState icon={InboxIcon} title="No removal requests" description="Requests made from a landing page appear here." />}
        />
      )}
    </div>
  );
}
