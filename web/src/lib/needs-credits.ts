// A 402 from any /api call means the signed-in person has nothing left to pay for the work. apiFetch reports it here,
// whichever screen made the call, and one listener (the account feature's upgrade dialog) answers it: no screen has
// to remember to. Kept outside React, like the toasts, so a fetch anywhere can raise it.
import type { NeedsCredits } from "@contracts/billing";
import { useSyncExternalStore } from "react";

let current: NeedsCredits | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function reportNeedsCredits(answer: NeedsCredits): void {
  current = answer;
  emit();
}

export function dismissNeedsCredits(): void {
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The latest refusal for want of credits, until it is dismissed. */
export function useNeedsCredits(): NeedsCredits | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
