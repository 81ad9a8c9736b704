import { sessionIdSchema } from "@contracts/anonymous";
import { describe, expect, it } from "vitest";
import { createSessionId, getSessionId, SESSION_ID_STORAGE_KEY } from "./session-id";

describe("anonymous session id", () => {
  it("is 21 URL-safe characters, different every time", () => {
    const ids = Array.from({ length: 200 }, createSessionId);

    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is created once, kept in local storage and reused", () => {
    const first = getSessionId();

    expect(sessionIdSchema.parse(first)).toBe(first);
    expect(localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe(first);
    expect(getSessionId()).toBe(first);
  });

  it("replaces a stored value that is not a session id", () => {
    localStorage.setItem(SESSION_ID_STORAGE_KEY, "tampered");

    const id = getSessionId();

    expect(id).toMatch(/^[A-Za-z0-9_-]{21}$/);
    expect(localStorage.getItem(SESSION_ID_STORAGE_KEY)).toBe(id);
  });
});
