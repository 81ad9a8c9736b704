// Items the visitor dismissed, hidden at once and for good on this browser: the server stops delivering them too, but
// an answer already on screen (or cached for an earlier page) must not bring one back.
import { useSyncExternalStore } from "react";

const DISMISSED_STORAGE_KEY = "marketing_dismissed";
const listeners = new Set<() => void>();
let parsed: { raw: string | null; keys: readonly string[] } = { raw: null, keys: [] };

export const itemKey = (item: { campaignType: string; campaignId: string }) => `${item.campaignType}:${item.campaignId}`;

function stored(): string | null {
  try {
    return localStorage.getItem(DISMISSED_STORAGE_KEY);
  } catch {
    return parsed.raw; // storage unavailable: what this page dismissed
  }
}

/** The dismissed keys, parsed again only when the stored text changed (another tab, or a cleared storage). */
function dismissedKeys(): readonly string[] {
  const raw = stored();
  if (raw === parsed.raw) return parsed.keys;
  let keys: string[] = [];
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    if (Array.isArray(value)) keys = value.filter((key): key is string => typeof key === "string");
  } catch {
    // Not ours: start afresh.
  }
  parsed = { raw, keys };
  return keys;
}

export function rememberDismissed(key: string): void {
  const raw = JSON.stringify([...dismissedKeys().filter((kept) => kept !== key), key].slice(-200));
  parsed = { raw, keys: JSON.parse(raw) as string[] };
  try {
    localStorage.setItem(DISMISSED_STORAGE_KEY, raw);
  } catch {
    // Kept in memory for this page's life.
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function useDismissed(): readonly string[] {
  return useSyncExternalStore(subscribe, dismissedKeys);
}
