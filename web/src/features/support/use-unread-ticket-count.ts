// How many of a signed-in person's tickets have replies they have not read, kept live on their user:{id} topic. The
// header's Support badge and its notification bell both count from here.
import { useTickets } from "./api/get-tickets";
import { unreadTickets } from "./live/cache-updates";
import { useUserTicketsLive } from "./live/use-user-tickets-live";

export function useUnreadTicketCount(userId: string): number {
  useUserTicketsLive(userId);
  return unreadTickets(useTickets().data);
}
