// POST /api/support/tickets: subject and description required, category general and priority medium by default.
import { type CreateTicketRequest, createTicketRequestSchema, type Ticket, ticketSchema } from "@contracts/support";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, readJson } from "@/lib/api";
import { ticketsQueryKey, addTicket } from "./get-tickets";

export const createTicketInputSchema = createTicketRequestSchema;

export async function createTicket(input: CreateTicketRequest): Promise<Ticket> {
  const body = createTicketInputSchema.parse(input);
  return readJson(await apiFetch("/api/support/tickets", { method: "POST", body }), ticketSchema);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    // In the list at once, so the screen can open it before the list comes back.
    onSuccess: (ticket) =>
      queryClient.setQueryData<Ticket[]>(ticketsQueryKey, (list) => (list ? addTicket(list, ticket) : list)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey, exact: true }),
  });
}
