import { describe, expect, it } from "vitest";
import { formatMonth, formatWindow } from "./timeframes";

describe("formatWindow", () => {
  it("names the window's first and last day, its end being exclusive", () => {
    expect(formatWindow({ from: "2026-11-01", to: "2026-11-27" })).toBe("Nov 1, 2026 – Nov 26, 2026 (UTC)");
  });

  it("names a one-day window once, in UTC whatever the browser's zone", () => {
    expect(formatWindow({ from: "2026-01-01", to: "2026-01-02" })).toBe("Jan 1, 2026 (UTC)");
  });
});

describe("formatMonth", () => {
  it("reads a YYYY-MM month", () => {
    expect(formatMonth("2026-03")).toBe("Mar 2026");
  });
});
