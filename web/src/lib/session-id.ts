// The anonymous visitor's session id: 21 random characters kept in local storage, sent as
// X-Session-ID so the server can count this browser's free validations. The server also counts per IP, so a fresh id
// after clearing storage buys nothing; the id only ties the counts and the discount code to one browser.
import { SESSION_ID_LENGTH, sessionIdSchema } from "@contracts/anonymous";

export const SESSION_ID_STORAGE_KEY = "anonymous_session_id";

// 64 URL-safe symbols: a random byte's low six bits pick one with no bias (256 is a multiple of 64).
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

export function createSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(SESSION_ID_LENGTH));
  return Array.from(bytes, (byte) => ALPHABET[byte & 63]).join("");
}

// Where storage is unavailable (a locked-down browser), the id lives as long as the page.
let inMemoryId: string | undefined;

/** This browser's session id, created and stored on first use; a stored value that isn't a valid id is replaced. */
export function getSessionId(): string {
  try {
    const stored = sessionIdSchema.safeParse(localStorage.getItem(SESSION_ID_STORAGE_KEY));
    if (stored.success) return stored.data;
    const created = createSessionId();
    localStorage.setItem(SESSION_ID_STORAGE_KEY, created);
    return created;
  } catch {
    inMemoryId ??= createSessionId();
    return inMemoryId;
  }
}
