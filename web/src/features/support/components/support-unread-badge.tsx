// The header's notice for a signed-in person: how many of their tickets have replies they have not read. Mounting it
// also keeps their ticket list live (user:{id}) wherever they are in the app.
import { useUnreadTicketCount } from "../use-unread-ticket-count";

export function SupportUnreadBadge({ userId }: { userId: string }) {
  const count = useUnreadTicketCount(userId);
  if (count === 0) return null;
  return (
    <span className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs font-semibold text-white">
      <span aria-hidden>{count}</span>
      <span className="sr-only">
        ({count} {count === 1 ? "ticket" : "tickets"} with unread replies)
      </span>
    </span>
  );
}
