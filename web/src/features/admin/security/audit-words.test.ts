import { describe, expect, it } from "vitest";
import { actionWords, auditChanges } from "./audit-words";

describe("audit words", () => {
  it("names known actions in words, and unknown ones by their name", () => {
    expect(actionWords("user.throttle_changed")).toBe("Changed the throttle");
    expect(actionWords("user.renamed_by_admin")).toBe("user renamed by admin");
  });

  it("lists only the fields that changed, with a dash for a field that was or became absent", () => {
    expect(
      auditChanges(
        { throttleEnabled: false, maxRequestsPerMinute: 10, currentThrottleLevel: 100 },
        { throttleEnabled: true, maxRequestsPerMinute: 10, currentThrottleLevel: 50, note: "abuse" },
      ),
    ).toEqual([
      { field: "throttleEnabled", before: "false", after: "true" },
      { field: "currentThrottleLevel", before: "100", after: "50" },
      { field: "note", before: "—", after: "abuse" },
    ]);
    expect(auditChanges(null, { isAdmin: true })).toEqual([{ field: "isAdmin", before: "—", after: "true" }]);
    expect(auditChanges({ hints: { secretKey: "••••9z8y" } }, { hints: { secretKey: "••••1a2b" } })).toEqual([
      { field: "hints", before: '{"secretKey":"••••9z8y"}', after: '{"secretKey":"••••1a2b"}' },
    ]);
  });

  it("compares plain values whole, and says nothing when nothing changed", () => {
    expect(auditChanges(100, 250)).toEqual([{ field: null, before: "100", after: "250" }]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
