// The support tab: the open tickets at a glance, each opening in the agents' queue (/admin/support), where they are
// answered.
import type { AdminTicketRow } from "@contracts/support";
import { Link } from "@tanstack/react-router";
import { ArrowRightIcon, InboxIcon } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { formatCount } from "@/features/pricing";
import { formatTicketDate, PriorityBadge, useAdminTickets } from "@/features/support";
import { AdminSection } from "../components/admin-section";

/** The queue's own first page of open tickets, so the two share what they fetched. */
const OPEN_TICKETS = { status: "open", page: 1 } as const;

const columns: ColumnDef<AdminTicketRow>[] = [
  { accessorKey: "subject", header: "Subject", enableSorting: false, meta: { className: "min-w-56 font-medium" } },
  { accessorKey: "userEmail", header: "User", enableSorting: false },
  { id: "priority", header: "Priority", cell: ({ row }) => <PriorityBadge priority={row.original.priority} /> },
  {
    id: "lastActivityAt",
    header: "Last activity",
    cell: ({ row }) => <time dateTime={row.original.lastActivityAt}>{formatTicketDate(row.original.lastActivityAt)}</time>,
  },
  {
    id: "open",
    header: () => <span className="sr-only">Details</span>,
    meta: { className: "text-right" },
    cell: ({ row }) => (
      // The queue filtered to open tickets holds this one on its first page, where the queue can open it.
      <Link
        to="/admin/support"
        search={{ status: "open", ticket: row.original.id }}
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        View details<span className="sr-only"> of {row.original.subject}</span>
      </Link>
    ),
  },
];

export function SupportTab() {
  const tickets = useAdminTickets(OPEN_TICKETS);
  const data = tickets.data;

  return (
    <AdminSection
      title="Open tickets"
      description={
        data &&
        data.total > 0 &&
        (data.total > data.tickets.length
          ? `The newest ${formatCount(data.tickets.length)} of ${formatCount(data.total)} open tickets.`
          : `${formatCount(data.total)} open ${data.total === 1 ? "ticket" : "tickets"}.`)
      }
      actions={
        <Link to="/admin/support" className={buttonVariants({ variant: "outline" })}>
          Open the support queue
          <ArrowRightIcon aria-hidden />
        </Link>
      }
    >
      {tickets.isError && !data ? (
        <ErrorNotice onRetry={() => void tickets.refetch()}>Failed to load the support tickets.</ErrorNotice>
      ) : (
        <DataTable
          caption="Open support tickets"
          columns={columns}
          data={data?.tickets ?? []}
          getRowId={(ticket) => ticket.id}
          isLoading={tickets.isPending}
          loadingLabel="Loading the support tickets"
          empty={<EmptyState icon={InboxIcon} title="No support tickets found" />}
        />
      )}
    </AdminSection>
  );
}
