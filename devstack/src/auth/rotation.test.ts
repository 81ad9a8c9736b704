import { describe, expect, it } from "vitest";
import { decideRefresh, REFRESH_TOKEN_REUSE_INTERVAL_MS } from "./rotation.ts";

const revokedAt = new Date("2026-01-01T12:00:00Z");
const later = (ms: number) => new Date(revokedAt.getTime() + ms);
const current = { token: "current00000", parent: "previous0000" };

describe("decideRefresh", () => {
  it("rotates a token that is still current", () => {
    const presented = { token: "current00000", revoked: false, updatedAt: revokedAt };
    expect(decideRefresh(presented, current, later(60_000))).toEqual({ action: "rotate" });
  });

  it("answers the current token for its parent at any time: the client lost the last answer", () => {
    const presented = { token: "previous0000", revoked: true, updatedAt: revokedAt };
    expect(decideRefresh(presented, current, later(24 * 3600_000))).toEqual({
      action: "answer-active",
      token: "current00000",
    });
  });

  it("answers the current token for an older one reused within the interval: tabs refreshing together", () => {
    const presented = { token: "older0000000", revoked: true, updatedAt: revokedAt };
    expect(decideRefresh(presented, current, later(REFRESH_TOKEN_REUSE_INTERVAL_MS))).toEqual({
      action: "answer-active",
      token: "current00000",
    });
  });

  it("rejects an older one reused after the interval: it looks stolen", () => {
    const presented = { token: "older0000000", revoked: true, updatedAt: revokedAt };
    expect(decideRefresh(presented, current, later(REFRESH_TOKEN_REUSE_INTERVAL_MS + 1))).toEqual({
      action: "reject-reuse",
    });
  });

  it("rejects a revoked token when the session has no current token to hand back, even within the interval", () => {
    const presented = { token: "previous0000", revoked: true, updatedAt: revokedAt };
    expect(decideRefresh(presented, null, later(1))).toEqual({ action: "reject-reuse" });
  });

  it("uses GoTrue's default reuse interval of 10 s", () => {
    expect(REFRESH_TOKEN_REUSE_INTERVAL_MS).toBe(10_000);
  });
});
