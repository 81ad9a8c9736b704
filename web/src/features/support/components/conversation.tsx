// A ticket's conversation, for its owner and for agents alike: the ticket's opening (its description), then the
// replies grouped by sender with their times, in a log region that screen readers announce politely as messages
// arrive. Automatic answers carry their label and, for the owner of an unresolved ticket, "This solved it". The reply
// box shows only while the ticket is not resolved. Live through ticket:{id}; says so while the socket is down.
import { AI_ANSWER_LABEL, type TicketMessage, type TicketStatus } from "@contracts/support";
import { BotIcon, CheckIcon, EyeOffIcon } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ErrorNotice } from "@/components/ui/error-notice";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useHideTicketMessage } from "../api/hide-ticket-message";
import { useMarkTicketRead } from "../api/mark-ticket-read";
import { useTicketMessages } from "../api/get-ticket-messages";
import { groupMessages, type MessageGroup } from "../group-messages";
import { formatMessageTime, formatTicketDate } from "../labels";
import { useTicketLive } from "../live/use-ticket-live";
import { ConnectionNotice } from "./connection-notice";
import { MessageText } from "./message-text";
import { ReplyBox } from "./reply-box";

export type ConversationTicket = {
  id: string;
  subject: string;
  /** The owner's tickets carry it; the agents' queue rows do not (the API has no agent read of it yet). */
  description?: string;
  status: TicketStatus;
  createdAt: string;
  resolvedAt: string | null;
};

type ConversationProps = {
  ticket: ConversationTicket;
  side: "user" | "admin";
  /** The viewer's name, for the other side's typing indicator. */
  myName: string;
  /** Badges and buttons beside the subject (status, Resolve or Reopen, an agent's controls). */
  header: ReactNode;
  /** The owner's "This solved it": resolves the ticket. */
  onSolved?: () => void;
  solving?: boolean;
};

export function Conversation({ ticket, side, myName, header, onSolved, solving = false }: ConversationProps) {
  const messages = useTicketMessages(ticket.id);
  const live = useTicketLive(ticket.id, { senderType: side, name: myName });
  const resolved = ticket.status === "resolved" || ticket.resolvedAt !== null;
  useMarkRead(ticket.id, side, messages.data);
  const groups = messages.data ? groupMessages(messages.data, ticket.description ?? "") : [];
  const [hiding, setHiding] = useState<TicketMessage | null>(null);

  return (
    <section aria-labelledby={`ticket-${ticket.id}-subject`} className="grid content-start gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={`ticket-${ticket.id}-subject`} className="text-xl font-semibold break-words">
            {ticket.subject}
          </h2>
          <p className="text-sm text-muted-foreground">Opened {formatTicketDate(ticket.createdAt)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">{header}</div>
      </div>
      <ConnectionNotice state={live.state}>
        Connection lost. New messages will appear once we reconnect; your draft is kept.
      </ConnectionNotice>
      {messages.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading the conversation</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : messages.isError ? (
        <ErrorNotice onRetry={() => void messages.refetch()}>Failed to load this conversation.</ErrorNotice>
      ) : (
        <div role="log" aria-live="polite" aria-label={`Conversation: ${ticket.subject}`} className="grid gap-3">
          {ticket.description !== undefined && (
            <article className="rounded-xl border bg-card p-4" aria-label="Ticket description">
              <MessageText text={ticket.description} />
            </article>
          )}
          {groups.map((group) => (
            <MessageGroupView
              key={group.key}
              group={group}
              side={side}
              onSolved={side === "user" && !resolved ? onSolved : undefined}
              solving={solving}
              onHide={side === "admin" ? setHiding : undefined}
            />
          ))}
        </div>
      )}
      <HideMessageDialog message={hiding} onClose={() => setHiding(null)} />
      {live.typing && (
        <p className="text-sm text-muted-foreground italic">{live.typing.name || "Someone"} is typing…</p>
      )}
      {resolved ? (
        <p className="rounded-lg border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
          This ticket is resolved{ticket.resolvedAt ? ` (${formatTicketDate(ticket.resolvedAt)})` : ""}; it takes no
          replies.
        </p>
      ) : (
        <ReplyBox ticketId={ticket.id} onTyping={live.onTyping} onSent={live.onSent} />
      )}
    </section>
  );
}

function senderLabel(group: MessageGroup, side: "user" | "admin"): string {
  if (group.senderType === "ai") return AI_ANSWER_LABEL;
  if (group.senderType === side) return side === "user" ? "You" : (group.senderName ?? "Agent");
  return group.senderName ?? (group.senderType === "admin" ? "Support" : "User");
}

function MessageGroupView({
  group,
  side,
  onSolved,
  solving,
  onHide,
}: {
  group: MessageGroup;
  side: "user" | "admin";
  onSolved?: () => void;
  solving: boolean;
  /** An agent's "Hide", on each message the owner still sees. */
  onHide?: (message: TicketMessage) => void;
}) {
  const mine = group.senderType === side;
  const first = group.messages[0];
  return (
    <article
      aria-label={`${senderLabel(group, side)}${first ? `, ${formatMessageTime(first.createdAt)}` : ""}`}
      className={cn(
        "grid max-w-[85%] gap-2 rounded-xl border p-3",
        mine ? "justify-self-end bg-primary/5" : "justify-self-start bg-card",
        group.senderType === "ai" && "border-primary/40",
      )}
    >
      <header className="flex items-center gap-2 text-xs text-muted-foreground">
        {group.senderType === "ai" && <BotIcon className="size-4 text-primary" aria-hidden />}
        <span className="font-medium text-foreground">{senderLabel(group, side)}</span>
      </header>
      {group.messages.map((message) => (
        <div key={message.id} className={cn("grid gap-1", message.hidden && "opacity-60")}>
          <MessageText text={withoutLabel(message)} />
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
            {message.hidden ? (
              <Badge variant="outline">
                <EyeOffIcon aria-hidden />
                Hidden from the user
              </Badge>
            ) : (
              onHide && (
                <Button size="sm" variant="ghost" className="h-6 px-2 text-xs" onClick={() => onHide(message)}>
                  <EyeOffIcon aria-hidden />
                  Hide
                </Button>
              )
            )}
          </p>
        </div>
      ))}
      {group.senderType === "ai" && onSolved && (
        <Button size="sm" variant="outline" className="justify-self-start" disabled={solving} onClick={onSolved}>
          <CheckIcon aria-hidden />
          This solved it
        </Button>
      )}
    </article>
  );
}

/** An agent's confirmation before a message is hidden from the ticket's owner. */
function HideMessageDialog({ message, onClose }: { message: TicketMessage | null; onClose: () => void }) {
  const hide = useHideTicketMessage();

  async function confirm() {
    if (!message) return;
    try {
      await hide.mutateAsync(message);
      onClose();
    } catch (error) {
      toast({ title: "Error", description: messageOf(error, "Failed to hide the message"), variant: "destructive" });
    }
  }

  return (
    <ConfirmDialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Hide Message"
      description="Hide this message from the user? It stays in the conversation for agents, marked hidden."
      confirmLabel="Hide"
      pendingLabel="Hiding..."
      pending={hide.isPending}
      onConfirm={() => void confirm()}
    />
  );
}

/** An automatic answer's text starts with its label, which the group already shows. */
function withoutLabel(message: TicketMessage): string {
  return message.senderType === "ai" && message.message.startsWith(AI_ANSWER_LABEL)
    ? message.message.slice(AI_ANSWER_LABEL.length).trimStart()
    : message.message;
}

/** Tells the server the newest message from the other side has been seen, once per new message while in view. */
function useMarkRead(ticketId: string, side: "user" | "admin", messages: TicketMessage[] | undefined): void {
  const markRead = useMarkTicketRead();
  const marked = useRef<number>(0);
  const newest = messages?.filter((message) => message.senderType !== side).at(-1)?.id;
  const { mutate } = markRead;
  useEffect(() => {
    if (newest === undefined || newest <= marked.current) return;
    marked.current = newest;
    mutate({ ticketId, lastReadMessageId: newest });
  }, [newest, ticketId, mutate]);
}
