import { describe, expect, it } from "vitest";
import { addInterval } from "./periods.ts";

const at = (iso: string) => Date.parse(iso) / 1000;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

describe("addInterval", () => {
  it("moves a month or a year on the same day and time", () => {
    expect(iso(addInterval(at("2027-03-15T10:30:00Z"), "month", 1))).toBe("2027-04-15T10:30:00.000Z");
    expect(iso(addInterval(at("2027-03-15T10:30:00Z"), "year", 1))).toBe("2028-03-15T10:30:00.000Z");
    expect(iso(addInterval(at("2027-11-15T00:00:00Z"), "month", 3))).toBe("2028-02-15T00:00:00.000Z");
  });

  it("keeps the anchor's day within shorter months, and comes back to it after", () => {
    const anchor = at("2027-01-31T00:00:00Z");
    expect(iso(addInterval(anchor, "month", 1))).toBe("2027-02-28T00:00:00.000Z");
    expect(iso(addInterval(anchor, "month", 2))).toBe("2027-03-31T00:00:00.000Z");
    expect(iso(addInterval(at("2028-02-29T00:00:00Z"), "year", 1))).toBe("2029-02-28T00:00:00.000Z");
  });
});
