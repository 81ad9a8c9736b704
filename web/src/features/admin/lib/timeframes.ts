// The timeframes in words, and a window's days as a person reads them.
import type { StatsWindow, TempAdminTimeframe, Timeframe } from "@contracts/admin";

export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  today: "Today",
  yesterday: "Yesterday",
  last7days: "Last 7 days",
  last14days: "Last 14 days",
  last30days: "Last 30 days",
  monthtodate: "Month to date",
  lastquarter: "Last quarter",
  yeartodate: "Year to date",
  lastyear: "Last year",
};

export const TEMP_ADMIN_TIMEFRAME_LABELS: Record<TempAdminTimeframe, string> = {
  today: "Today",
  "7days": "Last 7 days",
  "30days": "Last 30 days",
  "90days": "Last 90 days",
};

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const shortDayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const monthFormat = new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });

/** "Nov 26, 2026" for a UTC day (YYYY-MM-DD). */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "Nov 26": a chart's day. */
export function formatShortDay(day: string): string {
  return shortDayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "Nov 2026" for a month (YYYY-MM). */
export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** "Nov 1, 2026 – Nov 26, 2026 (UTC)": the window's first and last day (its `to` is the day after). */
export function formatWindow({ from, to }: StatsWindow): string {
  const last = new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return from === last ? `${formatDay(from)} (UTC)` : `${formatDay(from)} – ${formatDay(last)} (UTC)`;
}
