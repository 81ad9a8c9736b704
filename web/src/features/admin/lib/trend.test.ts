import { describe, expect, it } from "vitest";
import { trendOf } from "./trend";

describe("trendOf", () => {
  it.each([
    [112, 100, "up", "up 12% from the previous period"],
    [50, 200, "down", "down 75% from the previous period"],
    [7, 7, "flat", "no change from the previous period"],
    [0, 0, "flat", "no change from the previous period"],
    [5, 0, "up", "up from 0 in the previous period"],
    [0, 3, "down", "down 100% from the previous period"],
    [1001, 1000, "up", "up 0% from the previous period"],
  ] as const)("%d against %d is %s: %s", (current, previous, direction, text) => {
    expect(trendOf(current, previous)).toMatchObject({ direction, text });
  });
});
