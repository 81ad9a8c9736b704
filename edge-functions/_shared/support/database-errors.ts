// What the support tables' triggers and policies refuse, as the DomainErrors the api answers. The triggers raise
// SQLSTATE P0xxx with the reason as the message (migrations/*_support_tickets.sql); a row-level security refusal means the
// caller may not write to that ticket, which is answered as if it did not exist.
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";
import { REOPEN_WITHIN_DAYS } from "./contract.ts";

function refusedTicketChange(found: DatabaseError): DomainError | null {
  switch (`${found.code} ${found.message}`) {
    case "P0409 ticket_resolved":
      return new DomainError("ticket_resolved");
    case "P0409 reopen_window_passed":
      return new DomainError("ticket_reopen_window_passed", { days: REOPEN_WITHIN_DAYS });
    case "P0403 agents_only":
      return new DomainError("ticket_agent_only");
    case "P0422 assignee_not_agent":
      return new DomainError("invalid_input", { problem: "assignedTo: must be a support agent's user id" });
  }
  // A row-level security check refused the write (a missing grant is our bug and stays a 500).
  return found.code === "42501" && /row-level security/.test(found.message ?? "") ? new DomainError("ticket_not_found") : null;
}

/** Runs `work`, its database refusals turned into DomainErrors. */
export async function refusalsAsDomainErrors<T>(work: () => Promise<T>): Promise<T> {
  return await withRefusals(refusedTicketChange, work);
}
