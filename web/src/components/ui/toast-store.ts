// The app shows one toast at a time: a new toast replaces the current one. Kept outside React so
// mutations and event handlers anywhere can raise one; the Toaster renders it.
import { useSyncExternalStore } from "react";

export type ToastVariant = "default" | "destructive";

/** A button in the toast that acts on what it announced (Undo); `altText` says how to do the same without the toast. */
export type ToastAction = { label: string; altText: string; onClick: () => void };

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** How long it stays, when not the viewport's default (a copy confirmation lasts 2000 ms). */
  durationMs?: number;
  action?: ToastAction;
};

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(message: {
  title: string;
  description?: string;
  variant?: ToastVariant;
  durationMs?: number;
  action?: ToastAction;
}): void {
  current = { ...message, variant: message.variant ?? "default", id: nextId++ };
  emit();
}

export function dismissToast(): void {
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
