// The windows behind the dashboard's timeframes, in whole UTC days: [from, to), `to` exclusive. Whole days let the
// figures come from daily rollups exactly, and an admin in any time zone sees the same numbers as every other.
//
// Each window's previous window is the one a trend compares with: the same stretch one period earlier (today against
// yesterday, last7days against the 7 days before, monthtodate against the same days of last month, lastquarter against
// the quarter before). A window that runs "to date" includes today, so its figures grow during the day.
import { UTCDate } from "@date-fns/utc";
import {
  addDays,
  addMonths,
  addQuarters,
  addYears,
  differenceInCalendarDays,
  formatISO,
  startOfDay,
  startOfMonth,
  startOfQuarter,
  startOfYear,
} from "date-fns";
import type { StatsWindow, TempAdminTimeframe, Timeframe } from "./contract.ts";

export interface TimeframeWindows {
  window: StatsWindow;
  previous: StatsWindow;
}

// date-fns keeps the UTCDate it is given, so every step below stays in UTC; the type says Date.
interface DayRange {
  from: Date;
  to: Date;
}

function isoDay(date: Date): string {
  return formatISO(date, { representation: "date" });
}

function asWindow(range: DayRange): StatsWindow {
  return { from: isoDay(range.from), to: isoDay(range.to) };
}

/** The last `days` days, today included, and the same number of days before them. */
function lastDays(today: Date, days: number): [DayRange, DayRange] {
  const to = addDays(today, 1);
  const from = addDays(to, -days);
  return [{ from, to }, { from: addDays(from, -days), to: from }];
}

/** From the start of the period to the end of today, and the same number of days from the previous period's start,
 * clipped to that period (March 31 compares with the whole of February). */
function periodToDate(today: Date, start: Date, previousStart: Date): [DayRange, DayRange] {
  const to = addDays(today, 1);
  const days = differenceInCalendarDays(to, start);
  const previousTo = addDays(previousStart, days);
  return [{ from: start, to }, { from: previousStart, to: previousTo > start ? start : previousTo }];
}

export function timeframeWindows(timeframe: Timeframe, now: Date): TimeframeWindows {
  const today = startOfDay(new UTCDate(now));
  const [window, previous] = rangesOf(timeframe, today);
  return { window: asWindow(window), previous: asWindow(previous) };
}

function rangesOf(timeframe: Timeframe, today: Date): [DayRange, DayRange] {
  switch (timeframe) {
    case "today":
      return lastDays(today, 1);
    case "yesterday": {
      const yesterday = addDays(today, -1);
      return [{ from: yesterday, to: today }, { from: addDays(yesterday, -1), to: yesterday }];
    }
    case "last7days":
      return lastDays(today, 7);
    case "last14days":
      return lastDays(today, 14);
    case "last30days":
      return lastDays(today, 30);
    case "monthtodate": {
      const start = startOfMonth(today);
      return periodToDate(today, start, addMonths(start, -1));
    }
    case "lastquarter": {
      const start = addQuarters(startOfQuarter(today), -1);
      const previousStart = addQuarters(start, -1);
      return [{ from: start, to: addQuarters(start, 1) }, { from: previousStart, to: start }];
    }
    case "yeartodate": {
      const start = startOfYear(today);
      return periodToDate(today, start, addYears(start, -1));
    }
    case "lastyear": {
      const start = addYears(startOfYear(today), -1);
      return [{ from: start, to: addYears(start, 1) }, { from: addYears(start, -1), to: start }];
    }
  }
}

/** The analytics page's timeframes as the overview's windows, so both pages show the same numbers for the same days. */
export function tempAdminWindows(timeframe: TempAdminTimeframe, now: Date): TimeframeWindows {
  switch (timeframe) {
    case "today":
      return timeframeWindows("today", now);
    case "7days":
      return timeframeWindows("last7days", now);
    case "30days":
      return timeframeWindows("last30days", now);
    case "90days": {
      const [window, previous] = lastDays(startOfDay(new UTCDate(now)), 90);
      return { window: asWindow(window), previous: asWindow(previous) };
    }
  }
}

