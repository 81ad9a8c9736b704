// How a figure moved against the previous equal window, in words a screen reader can say.
export type Trend = { direction: "up" | "down" | "flat"; text: string; shortText: string };

export function trendOf(current: number, previous: number): Trend {
  if (current === previous) return { direction: "flat", text: "no change from the previous period", shortText: "0%" };
  const direction = current > previous ? "up" : "down";
  // From nothing, a percentage would be infinite: the words say where it started instead.
  if (previous === 0) return { direction, text: "up from 0 in the previous period", shortText: "new" };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  return { direction, text: `${direction} ${percent}% from the previous period`, shortText: `${percent}%` };
}
