// The visitor's visit and what they did in it, which delivery reads: a popup shown "once per session" keys on the visit
// id, and campaigns shown "after" an action need to know it happened. The id lives in localStorage with the time of the
// last activity, so tabs share a visit and it ends after VISIT_IDLE_MINUTES without activity; the actions live in
// sessionStorage with the id they belong to, so a new visit starts with none.
import { VISIT_IDLE_MINUTES, VISITOR_ACTIONS, type VisitorAction } from "@contracts/marketing";
import { useSyncExternalStore } from "react";
import { z } from "zod";
import { createSessionId } from "@/lib/session-id";

const VISIT_STORAGE_KEY = "marketing_visit";
const ACTIONS_STORAGE_KEY = "marketing_visit_actions";

const storedVisitSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/), lastActiveAt: z.number() });
const storedActionsSchema = z.object({ visit: z.string(), actions: z.array(z.enum(VISITOR_ACTIONS)) });

function read<T>(storage: Storage, key: string, schema: z.ZodType<T>): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(storage.getItem(key) ?? "null"));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // storage unavailable or not JSON: start afresh
  }
}

function write(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // A locked-down browser: the visit lasts as long as the page.
  }
}

let pageVisit: { id: string; lastActiveAt: number } | undefined;

/** The current visit's id, renewed when the last activity is older than the idle limit; counts as activity. */
export function touchVisit(now = Date.now()): string {
  const stored = read(localStorage, VISIT_STORAGE_KEY, storedVisitSchema) ?? pageVisit;
  const idle = stored ? now - stored.lastActiveAt > VISIT_IDLE_MINUTES * 60_000 : true;
  pageVisit = { id: stored && !idle ? stored.id : createSessionId(), lastActiveAt: now };
  write(localStorage, VISIT_STORAGE_KEY, pageVisit);
  return pageVisit.id;
}

const listeners = new Set<() => void>();
let reports = 0;

/** The actions reported in `visit`, in the order first done. */
export function visitActions(visit: string): VisitorAction[] {
  const stored = read(sessionStorage, ACTIONS_STORAGE_KEY, storedActionsSchema);
  return stored?.visit === visit ? stored.actions : [];
}

/** Other features call this where the visitor did something a campaign may wait for. */
export function reportVisitorAction(action: VisitorAction): void {
  const visit = touchVisit();
  const actions = visitActions(visit);
  write(sessionStorage, ACTIONS_STORAGE_KEY, { visit, actions: actions.includes(action) ? actions : [...actions, action] });
  reports += 1;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many actions were reported so far in this page's life: each one may bring new items (a second validation). */
export function useVisitorReports(): number {
  return useSyncExternalStore(subscribe, () => reports);
}
