// /support: the New Ticket dialog, the signed-in user's tickets, and the selected ticket's conversation. The
// selection lives in the address (?ticket=<id>), so a ticket can be linked to (the notification emails do); a ticket
// that is not in the user's list is not theirs, or does not exist, and the screen says so without telling which.
import { REOPEN_WITHIN_DAYS, type Ticket, userTopic } from "@contracts/support";
import { LifeBuoyIcon, SearchXIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { focusRing } from "@/components/ui/focus";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { useAuth } from "@/features/auth";
import { messageOf } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useLiveTopic } from "@/lib/live-topics";
import { useTickets } from "../api/get-tickets";
import { useUpdateTicket } from "../api/update-ticket";
import { formatTicketDate } from "../labels";
import { ConnectionNotice } from "./connection-notice";
import { Conversation } from "./conversation";
import { NewTicketDialog } from "./new-ticket-dialog";
import { PriorityBadge, StatusBadge, UnreadBadge } from "./ticket-badges";

type SupportPageProps = { selectedId: string | undefined; onSelect: (ticketId: string | undefined) => void };

export function SupportPage({ selectedId, onSelect }: SupportPageProps) {
  const tickets = useTickets();
  const { user } = useAuth();
  // The header's badge keeps the list live through this topic; here only its state is wanted, for the notice.
  const { state } = useLiveTopic(user ? userTopic(user.id) : undefined, { events: {} });
  const selected = tickets.data?.find((ticket) => ticket.id === selectedId);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-3xl font-bold tracking-tight">Support Center</h1>
          <p className="text-muted-foreground">Ask us anything; answers appear here as soon as they are written.</p>
        </div>
        {tickets.data && tickets.data.length > 0 && <NewTicketDialog onCreated={(ticket) => onSelect(ticket.id)} />}
      </div>
      {/* An open conversation says so itself. */}
      {!selectedId && (
        <ConnectionNotice state={state}>Connection lost. Your tickets update again once we reconnect.</ConnectionNotice>
      )}
      {tickets.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading your tickets</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : tickets.isError ? (
        <ErrorNotice onRetry={() => void tickets.refetch()}>Failed to load your support tickets.</ErrorNotice>
      ) : tickets.data.length === 0 && !selectedId ? (
        <EmptyState
          icon={LifeBuoyIcon}
          title="No support tickets found"
          description="Questions about validation, billing or your account: open a ticket and we answer here."
          action={<NewTicketDialog triggerLabel="Open your first ticket" onCreated={(ticket) => onSelect(ticket.id)} />}
        />
      ) : (
        <div className="grid items-start gap-6 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <TicketList tickets={tickets.data} selectedId={selectedId} onSelect={onSelect} />
          {selected ? (
            <OwnConversation key={selected.id} ticket={selected} />
          ) : selectedId ? (
            <EmptyState
              icon={SearchXIcon}
              title="Ticket not found"
              description="This ticket doesn't exist, or it isn't yours."
              action={
                <Button variant="outline" onClick={() => onSelect(undefined)}>
                  Back to your tickets
                </Button>
              }
            />
          ) : (
            <EmptyState title="Choose a ticket" description="Its conversation opens here." className="max-md:hidden" />
          )}
        </div>
      )}
    </div>
  );
}

function TicketList({ tickets, selectedId, onSelect }: { tickets: Ticket[]; selectedId?: string; onSelect: (id: string) => void }) {
  return (
    <nav aria-label="Your tickets">
      <ul className="grid gap-2">
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <a
              href={`/support?ticket=${encodeURIComponent(ticket.id)}`}
              aria-current={ticket.id === selectedId ? "page" : undefined}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                event.preventDefault();
                onSelect(ticket.id);
              }}
              className={cn(
                "grid gap-2 rounded-xl border bg-card p-3 transition-colors hover:bg-accent/50 aria-[current=page]:border-primary",
                focusRing,
              )}
            >
              <span className="flex items-start justify-between gap-2">
                <span className={cn("break-words", ticket.unreadCount > 0 && "font-semibold")}>{ticket.subject}</span>
                <UnreadBadge count={ticket.unreadCount} />
              </span>
              <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                <StatusBadge status={ticket.status} />
                <PriorityBadge priority={ticket.priority} />
                <time dateTime={ticket.lastActivityAt}>{formatTicketDate(ticket.lastActivityAt)}</time>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A resolved ticket may be reopened by its owner within REOPEN_WITHIN_DAYS of its resolution. */
export function canReopen(ticket: Pick<Ticket, "status" | "resolvedAt">, now = Date.now()): boolean {
  if (ticket.status !== "resolved") return false;
  return ticket.resolvedAt === null || now - Date.parse(ticket.resolvedAt) <= REOPEN_WITHIN_DAYS * DAY_MS;
}

function OwnConversation({ ticket }: { ticket: Ticket }) {
  const { user } = useAuth();
  const update = useUpdateTicket();
  const setStatus = (status: "resolved" | "open") =>
    update.mutate(
      { id: ticket.id, status },
      { onError: (error) => toast({ title: messageOf(error, "Failed to update ticket"), variant: "destructive" }) },
    );
  const resolved = ticket.status === "resolved";

  return (
    <Conversation
      ticket={ticket}
      side="user"
      myName={user?.firstName ?? user?.username ?? ""}
      onSolved={() => setStatus("resolved")}
      solving={update.isPending}
      header={
        <>
          <StatusBadge status={ticket.status} />
          <PriorityBadge priority={ticket.priority} />
          {!resolved && (
            <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => setStatus("resolved")}>
              Resolve
            </Button>
          )}
          {canReopen(ticket) && (
            <Button size="sm" variant="outline" disabled={update.isPending} onClick={() => setStatus("open")}>
              Reopen
            </Button>
          )}
        </>
      }
    />
  );
}
