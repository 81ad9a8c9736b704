// The welcome popup is shown once, right after a registration: the registration marks it due for the new account, the
// app shell shows it while it is due, and closing it clears the mark. The mark is kept in local storage, so a reload
// before the welcome is closed shows it again, and it names the account, so nobody else who signs in on this browser
// is greeted in that person's place.
import { useSyncExternalStore } from "react";

export const WELCOME_DUE_STORAGE_KEY = "mailscout.welcome-due";

const listeners = new Set<() => void>();

function changed() {
  for (const listener of listeners) listener();
}

/** Called once the account exists: the next render of the app shell greets it. */
export function markWelcomeDue(userId: string): void {
  localStorage.setItem(WELCOME_DUE_STORAGE_KEY, userId);
  changed();
}

/** Called when the welcome is closed (or cannot be shown): it is never shown again. */
export function clearWelcomeDue(): void {
  localStorage.removeItem(WELCOME_DUE_STORAGE_KEY);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** The account the welcome is due for, if any. */
export function useWelcomeDue(): string | null {
  return useSyncExternalStore(subscribe, () => localStorage.getItem(WELCOME_DUE_STORAGE_KEY));
}
