// A reply's draft per ticket, kept in this tab's sessionStorage until it is sent: switching tickets, a reload or a
// dropped connection loses nothing typed.
import { useCallback, useState } from "react";

const storageKey = (ticketId: string) => `mailscout:support-draft:${ticketId}`;

function read(ticketId: string): string {
  try {
    return sessionStorage.getItem(storageKey(ticketId)) ?? "";
  } catch {
    return ""; // storage refused (a private window's quota): the draft lives in memory only
  }
}

/** The draft of `ticketId`; a conversation is mounted per ticket (keyed by its id), so the ticket never changes. */
export function useDraft(ticketId: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(() => read(ticketId));
  const update = useCallback(
    (text: string) => {
      setDraft(text);
      try {
        if (text) sessionStorage.setItem(storageKey(ticketId), text);
        else sessionStorage.removeItem(storageKey(ticketId));
      } catch {
        // kept in memory only, as above
      }
    },
    [ticketId],
  );
  return [draft, update];
}
