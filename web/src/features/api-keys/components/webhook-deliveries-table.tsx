// The webhook delivery log: each job's event, where it went, its state, the attempts made, the last HTTP status (or
// why there was none) and when the next attempt is due, a page at a time; Redeliver queues a new attempt now.
import type { WebhookDelivery } from "@contracts/api-keys";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useRedeliver, useWebhookDeliveries } from "../api/webhook-deliveries";
import { DELIVERY_STATUS_LABELS, formatWhen } from "../labels";
import { actionsColumn, narrow } from "./narrow-columns";

const deliveryLabel = (delivery: WebhookDelivery) => `${delivery.event} of ${formatWhen(delivery.createdAt)}`;

export function WebhookDeliveriesTable() {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(page);
  const redeliver = useRedeliver();

  const columns: ColumnDef<WebhookDelivery>[] = [
    {
      accessorKey: "createdAt",
      header: "Event",
      meta: narrow(),
      cell: ({ row }) => (
        <div className="grid gap-0.5">
          <span className="font-medium">{row.original.event}</span>
          <span className="text-xs text-muted-foreground">{formatWhen(row.original.createdAt)}</span>
        </div>
      ),
    },
    {
      accessorKey: "url",
      header: "URL",
      meta: narrow("max-w-44 truncate font-mono text-xs"),
      cell: ({ row }) => <span title={row.original.url}>{row.original.url}</span>,
    },
    {
      accessorKey: "status",
      header: "Status",
      meta: narrow(),
      cell: ({ row }) => (
        <Badge variant={row.original.status === "delivered" ? "success" : row.original.status === "failed" ? "destructive" : "outline"}>
          {DELIVERY_STATUS_LABELS[row.original.status]}
        </Badge>
      ),
    },
    {
      accessorKey: "attempts",
      header: "Attempts",
      meta: narrow("tabular-nums"),
    },
    {
      accessorKey: "lastStatusCode",
      header: "Last status",
      meta: narrow(),
      cell: ({ row }) => <LastOutcome delivery={row.original} />,
    },
    {
      accessorKey: "nextAttemptAt",
      header: "Next attempt",
      meta: narrow(),
      cell: ({ row }) => (row.original.status === "pending" && row.original.nextAttemptAt ? formatWhen(row.original.nextAttemptAt) : "—"),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: actionsColumn,
      cell: ({ row }) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Redeliver ${deliveryLabel(row.original)}`}
          disabled={redeliver.isPending && redeliver.variables === row.original.id}
          onClick={() =>
            redeliver.mutate(row.original.id, {
              onSuccess: () => toast({ title: "Redelivery queued", description: deliveryLabel(row.original) }),
              onError: (error) =>
                toast({ title: "Could not redeliver", description: messageOf(error, "Please try again."), variant: "destructive" }),
            })
          }
        >
          Redeliver
        </Button>
      ),
    },
  ];

  if (deliveries.isError) {
    return <ErrorNotice onRetry={() => void deliveries.refetch()}>The webhook deliveries could not be loaded.</ErrorNotice>;
  }
  const data = deliveries.data;
  return (
    <DataTable
      columns={columns}
      data={data?.deliveries ?? []}
      caption="Webhook deliveries"
      getRowId={(delivery) => delivery.id}
      isLoading={!data}
      loadingLabel="Loading webhook deliveries"
      empty={
        <EmptyState
          title="No webhook deliveries yet"
          description="Give a bulk validation call a callbackUrl, and its result is delivered there when the job ends."
        />
      }
      pagination={data && { mode: "server", page: data.page, pageSize: data.pageSize, total: data.total, onPageChange: setPage }}
    />
  );
}

/** The last attempt's HTTP status, or, when it got none, why (a refused address, a timeout). */
function LastOutcome({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.lastStatusCode !== null) return <span className="tabular-nums">{delivery.lastStatusCode}</span>;
  if (delivery.lastError) return <span className="text-xs text-muted-foreground">{delivery.lastError}</span>;
  return <span>—</span>;
}
