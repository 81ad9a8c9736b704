// PATCH /api/support/tickets/{id}: owners resolve or reopen (within 30 days); agents also change priority and who is
// assigned. The answer is the ticket as it is now; the lists that show it are asked for again.
import { type Ticket, ticketSchema, type UpdateTicketRequest, updateTicketRequestSchema } from "@contracts/support";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { adminTicketsQueryKey } from "./get-admin-tickets";
import { ticketsQueryKey } from "./get-tickets";

export const updateTicketInputSchema = updateTicketRequestSchema;

export async function updateTicket({ id, ...patch }: UpdateTicketRequest & { id: string }): Promise<Ticket> {
  const body = updateTicketInputSchema.parse(patch);
  return readJson(
    await apiFetch(`/api/support/tickets/${encodeURIComponent(id)}`, { method: "PATCH", body }),
    ticketSchema,
  );
}

export function useUpdateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicket,
    // Replaced in the owner's list only where it is there: an agent's own list never gains someone else's ticket.
    onSuccess: (ticket) =>
      queryClient.setQueryData<Ticket[]>(ticketsQueryKey, (list) =>
        list?.map((kept) => (kept.id === ticket.id ? ticket : kept)),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: adminTicketsQueryKey }),
      ]),
  });
}
