// A reply's draft per ticket, kept in this tab's sessionStorage until it is sent: switching tickets, a reload or a
// dropped connection loses nothing typed.
import { useCallback, useEffect, useState } from "react";

const storageKey = (ticketId: string) => `mailscout:support-draft:${ticketId}`;

function read(ticketId: string): string {
  try {
    return sessionStorage.getItem(storageKey(ticketId)) ?? "";
  } catch {
    return ""; // storage refused (a private window's quota): the draft lives in memory only
  }
}

export function useDraft(ticketId: string): [string, (text: string) => void] {
  const [draft, setDraft] = useState(() => ({ ticketId, text: read(ticketId) }));
  // Another ticket chosen: its own draft.
  const current = draft.ticketId === ticketId ? draft.text : read(ticketId);
  useEffect(() => {
    if (draft.ticketId !== ticketId) setDraft({ ticketId, text: read(ticketId) });
  }, [draft.ticketId, ticketId]);

  const update = useCallback(
    (text: string) => {
      setDraft({ ticketId, text });
      try {
        if (text) sessionStorage.setItem(storageKey(ticketId), text);
        else sessionStorage.removeItem(storageKey(ticketId));
      } catch {
        // kept in memory only, as above
      }
    },
    [ticketId],
  );
  return [current, update];
}
