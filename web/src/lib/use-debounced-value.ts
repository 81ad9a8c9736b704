import { useEffect, useState } from "react";

/** How long typing must pause before a search is sent to the server. */
export const SEARCH_PAUSE_MS = 300;

/** `value` once it has stayed the same for `delayMs`: a search box asks the server when typing pauses, not per key. */
export function useDebouncedValue<T>(value: T, delayMs = SEARCH_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
