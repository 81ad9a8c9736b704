import type { TicketPriority, TicketStatus } from "@contracts/support";
import { Badge } from "@/components/ui/badge";
import { PRIORITY_BADGES, PRIORITY_LABELS, STATUS_BADGES, STATUS_LABELS } from "../labels";

export function StatusBadge({ status }: { status: TicketStatus }) {
  return <Badge variant={STATUS_BADGES[status]}>{STATUS_LABELS[status]}</Badge>;
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge variant={PRIORITY_BADGES[priority]}>
      <span className="sr-only">Priority </span>
      {PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/** The unread marker: a count, read out as what it is. */
export function UnreadBadge({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge variant="destructive" aria-label={`${count} unread ${count === 1 ? "reply" : "replies"}`}>
      {count}
    </Badge>
  );
}
