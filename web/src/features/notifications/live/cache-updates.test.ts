import type { Notification, NotificationPage } from "@contracts/marketing";
import { describe, expect, it } from "vitest";
import { addNotification, markRead } from "./cache-updates";

const item = (id: string, readAt: string | null = null): Notification => ({
  id,
  title: `Notification ${id}`,
  body: "",
  url: null,
  icon: null,
  createdAt: "2026-11-20T09:00:00Z",
  readAt,
});
const page = (notifications: Notification[], unread: number): NotificationPage => ({ notifications, unread, nextBefore: null });

describe("inbox cache updates", () => {
  it("adds a live notification first and counts it, once", () => {
    const before = page([item("a")], 1);
    const after = addNotification(before, item("b"));
    expect(after?.notifications.map((n) => n.id)).toEqual(["b", "a"]);
    expect(after?.unread).toBe(2);
    expect(addNotification(after, item("b"))).toBe(after);
    expect(addNotification(undefined, item("b"))).toBeUndefined();
  });

  it("marks one or all read, counting only those that were unread", () => {
    const before = page([item("a"), item("b"), item("c", "2026-11-20T10:00:00Z")], 2);
    const one = markRead(before, ["a", "c"]);
    expect(one?.unread).toBe(1);
    expect(one?.notifications.find((n) => n.id === "a")?.readAt).not.toBeNull();
    expect(one?.notifications.find((n) => n.id === "c")?.readAt).toBe("2026-11-20T10:00:00Z");
    expect(markRead(before, "all")?.unread).toBe(0);
  });
});
