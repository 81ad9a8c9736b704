// /admin/support: the agents' queue. Filters and the page live in the address, the queue is a server-paged DataTable
// kept live by support:agents, and the selected ticket's conversation opens beside it with the agent's controls:
// status, priority, assign to me. j / k (or Alt+↓ / Alt+↑) move to the next or previous ticket; Ctrl+Enter sends.
import {
  type AdminTicketQuery,
  type AdminTicketRow,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  type TicketPriority,
  type TicketStatus,
} from "@contracts/support";
import { InboxIcon } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchInput } from "@/components/ui/search-input";
import { toast } from "@/components/ui/toast-store";
import { useAuth } from "@/features/auth";
import { messageOf } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useAdminTickets } from "../api/get-admin-tickets";
import { useUpdateTicket } from "../api/update-ticket";
import { CATEGORY_LABELS, formatTicketDate, PRIORITY_LABELS, STATUS_LABELS } from "../labels";
import { useAgentsLive } from "../live/use-agents-live";
import { ConnectionNotice } from "./connection-notice";
import { Conversation } from "./conversation";
import { PriorityBadge, StatusBadge, UnreadBadge } from "./ticket-badges";

export type AgentQueueView = Omit<AdminTicketQuery, "pageSize"> & { page: number; ticket?: string };

type AgentQueuePageProps = { view: AgentQueueView; onViewChange: (view: AgentQueueView) => void };

export function AgentQueuePage({ view, onViewChange }: AgentQueuePageProps) {
  const { ticket: selectedId, ...query } = view;
  const tickets = useAdminTickets(query);
  const live = useAgentsLive();
  const rows = tickets.data?.tickets ?? [];
  const selected = rows.find((row) => row.id === selectedId);
  const select = (id: string | undefined) => onViewChange({ ...view, ticket: id });
  useNextTicketKeys(rows, selectedId, select);

  return (
    <div className="mx-auto grid max-w-[96rem] gap-6 px-4 py-8">
      <div className="grid gap-1">
        <h1 className="text-3xl font-bold tracking-tight">Support queue</h1>
        <p className="text-sm text-muted-foreground">
          <kbd>j</kbd> / <kbd>k</kbd> or <kbd>Alt</kbd>+<kbd>↓</kbd> / <kbd>Alt</kbd>+<kbd>↑</kbd>: next or previous ticket.{" "}
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd>: send.
        </p>
      </div>
      <ConnectionNotice state={live}>Connection lost. The queue updates again once we reconnect.</ConnectionNotice>
      <QueueFilters view={view} onViewChange={onViewChange} />
      {/* Side by side only where the queue keeps its columns readable beside the conversation. */}
      <div className="grid items-start gap-6 2xl:grid-cols-[minmax(0,1fr)_minmax(0,36rem)]">
        {tickets.isError ? (
          <ErrorNotice onRetry={() => void tickets.refetch()}>Failed to load the support queue.</ErrorNotice>
        ) : (
          <DataTable
            caption="Support tickets"
            columns={columns(selectedId, select)}
            data={rows}
            getRowId={(row) => row.id}
            isLoading={tickets.isPending}
            loadingLabel="Loading the support queue"
            empty={<EmptyState icon={InboxIcon} title="No support tickets found" />}
            pagination={{
              mode: "server",
              page: view.page,
              pageSize: tickets.data?.pageSize ?? 50,
              total: tickets.data?.total ?? 0,
              onPageChange: (page) => onViewChange({ ...view, page, ticket: undefined }),
            }}
          />
        )}
        {selected ? (
          <AgentConversation key={selected.id} row={selected} />
        ) : (
          <EmptyState
            title={selectedId ? "Ticket not in this view" : "Choose a ticket"}
            description={selectedId ? "Clear the filters or go to its page to open it." : "Its conversation opens here."}
          />
        )}
      </div>
    </div>
  );
}

function columns(selectedId: string | undefined, select: (id: string) => void): ColumnDef<AdminTicketRow>[] {
  return [
    {
      id: "subject",
      header: "Subject",
      meta: { className: "min-w-64" },
      cell: ({ row: { original: row } }) => (
        <span className="flex items-center gap-2">
          <Button
            variant="link"
            className={cn("block h-auto min-w-0 p-0 text-left break-words whitespace-normal", row.unreadCount > 0 && "font-semibold")}
            aria-current={row.id === selectedId ? "true" : undefined}
            onClick={() => select(row.id)}
          >
            {row.subject}
          </Button>
          <UnreadBadge count={row.unreadCount} />
        </span>
      ),
    },
    { accessorKey: "userEmail", header: "User" },
    { id: "category", header: "Category", cell: ({ row }) => CATEGORY_LABELS[row.original.category] },
    { id: "priority", header: "Priority", cell: ({ row }) => <PriorityBadge priority={row.original.priority} /> },
    { id: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
    {
      id: "lastActivityAt",
      header: "Last activity",
      cell: ({ row }) => <time dateTime={row.original.lastActivityAt}>{formatTicketDate(row.original.lastActivityAt)}</time>,
    },
  ];
}

/** j / k outside a field, Alt+↓ / Alt+↑ anywhere: the next or previous ticket on the page. */
function useNextTicketKeys(rows: AdminTicketRow[], selectedId: string | undefined, select: (id: string) => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const target = event.target as HTMLElement | null;
      const inField = target?.closest("input, textarea, select, [contenteditable=true]") !== null && target !== null;
      const plain = !event.altKey && !event.ctrlKey && !event.metaKey;
      let step = 0;
      if (event.altKey && event.key === "ArrowDown") step = 1;
      else if (event.altKey && event.key === "ArrowUp") step = -1;
      else if (!inField && plain && event.key === "j") step = 1;
      else if (!inField && plain && event.key === "k") step = -1;
      if (step === 0 || rows.length === 0) return;
      event.preventDefault();
      const index = rows.findIndex((row) => row.id === selectedId);
      const next = rows[index === -1 ? (step > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, index + step))];
      if (next && next.id !== selectedId) select(next.id);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [rows, selectedId, select]);
}

const ALL = "";

function QueueFilters({ view, onViewChange }: AgentQueuePageProps) {
  const searchId = useId();
  const [search, setSearch] = useState(view.q ?? "");
  const change = (patch: Partial<AgentQueueView>) => onViewChange({ ...view, ...patch, page: 1, ticket: undefined });
  const choose = <T extends string>(value: string) => (value === ALL ? undefined : (value as T));

  return (
    <div className="flex flex-wrap items-end gap-3">
      <form
        className="grid min-w-56 flex-1 gap-1.5"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          change({ q: search.trim() || undefined });
        }}
      >
        <Label htmlFor={searchId}>Search tickets</Label>
        <SearchInput
          id={searchId}
          placeholder="Subject or user email, then Enter"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </form>
      <FilterSelect label="Status" value={view.status} onChange={(value) => change({ status: choose<TicketStatus>(value) })}>
        <option value={ALL}>All statuses</option>
        {TICKET_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Category"
        value={view.category}
        onChange={(value) => change({ category: choose<(typeof TICKET_CATEGORIES)[number]>(value) })}
      >
        <option value={ALL}>All categories</option>
        {TICKET_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {CATEGORY_LABELS[category]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Priority" value={view.priority} onChange={(value) => change({ priority: choose<TicketPriority>(value) })}>
        <option value={ALL}>All priorities</option>
        {TICKET_PRIORITIES.map((priority) => (
          <option key={priority} value={priority}>
            {PRIORITY_LABELS[priority]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label="Assigned" value={view.assigned} onChange={(value) => change({ assigned: choose<"me" | "none">(value) })}>
        <option value={ALL}>Anyone</option>
        <option value="me">Assigned to me</option>
        <option value="none">Unassigned</option>
      </FilterSelect>
    </div>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="grid w-44 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value ?? ALL} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect>
    </div>
  );
}

function AgentConversation({ row }: { row: AdminTicketRow }) {
  const { user } = useAuth();
  const update = useUpdateTicket();
  const patch = (change: { status?: TicketStatus; priority?: TicketPriority; assignedTo?: string | null }) =>
    update.mutate(
      { id: row.id, ...change },
      { onError: (error) => toast({ title: messageOf(error, "Failed to update ticket"), variant: "destructive" }) },
    );
  const statusId = useId();
  const priorityId = useId();
  const mine = user !== null && row.assignedTo === user.id;

  return (
    <Conversation
      ticket={{ ...row, resolvedAt: null }}
      side="admin"
      myName={user?.firstName ?? user?.username ?? "Support"}
      header={
        <>
          <span className="text-sm text-muted-foreground">{row.userEmail}</span>
          <Label htmlFor={statusId} className="sr-only">
            Ticket status
          </Label>
          <NativeSelect
            id={statusId}
            className="h-8 w-44"
            value={row.status}
            disabled={update.isPending}
            onChange={(event) => patch({ status: event.target.value as TicketStatus })}
          >
            {TICKET_STATUSES.map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
          <Label htmlFor={priorityId} className="sr-only">
            Ticket priority
          </Label>
          <NativeSelect
            id={priorityId}
            className="h-8 w-32"
            value={row.priority}
            disabled={update.isPending}
            onChange={(event) => patch({ priority: event.target.value as TicketPriority })}
          >
            {TICKET_PRIORITIES.map((priority) => (
              <option key={priority} value={priority}>
                {PRIORITY_LABELS[priority]}
              </option>
            ))}
          </NativeSelect>
          {mine ? (
            <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => patch({ assignedTo: null })}>
              Unassign
            </Button>
          ) : (
            <Button size="sm" variant="outline" disabled={update.isPending || !user} onClick={() => user && patch({ assignedTo: user.id })}>
              Assign to me
            </Button>
          )}
        </>
      }
    />
  );
}
