// The signed-in user's bearer token also lives under local storage key `auth_token`. supabase-js keeps
// the session itself (and refreshes it); this copy follows it, and React reads it through useAuthToken.
import { useSyncExternalStore } from "react";

export const AUTH_TOKEN_STORAGE_KEY = "auth_token";

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function readAuthToken(): string | null {
  return localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
}

export function writeAuthToken(token: string): void {
  if (readAuthToken() === token) return;
  localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  emit();
}

export function clearAuthToken(): void {
  if (readAuthToken() === null) return;
  localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribe, readAuthToken, () => null);
}
