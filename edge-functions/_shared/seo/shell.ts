// The SPA shell the landing documents are built in: the built index.html as the site serves it, so each page names
// the current build's hashed assets. Kept briefly in memory (a deploy changes it; every page needs it); when it cannot
// be had, the minimal shell, kept for less time, so the pages still carry their tags and content meanwhile.
import { ExpiringCache } from "../expiring-cache.ts";
import { MINIMAL_SHELL } from "./render-document.ts";

export const SHELL_KEPT_MS = 60_000;
export const MINIMAL_SHELL_KEPT_MS = 10_000;
const FETCH_TIMEOUT_MS = 3_000;

export interface ShellOptions {
  url: () => string;
  now?: () => number;
}

export function shellLoader({ url, now = Date.now }: ShellOptions): () => Promise<string> {
  const cache = new ExpiringCache<string, string>(1);
  return async () => {
    const source = url();
    const cached = cache.get(source, now());
    if (cached !== undefined) return cached;
    const fetched = await fetchShell(source);
    cache.set(source, fetched ?? MINIMAL_SHELL, now() + (fetched ? SHELL_KEPT_MS : MINIMAL_SHELL_KEPT_MS));
    return fetched ?? MINIMAL_SHELL;
  };
}

async function fetchShell(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: "follow" });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    return await response.text();
  } catch {
    return null;
  }
}
