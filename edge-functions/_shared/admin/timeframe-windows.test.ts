// The windows' edges: midnight UTC, the first of a month, quarter and year starts, and short months in the previous
// window. Any instant of a UTC day gives that day's windows, whatever the machine's time zone.
import assert from "node:assert/strict";
import { TIMEFRAMES } from "./contract.ts";
import { tempAdminWindows, timeframeWindows } from "./timeframe-windows.ts";

const at = (iso: string) => new Date(iso);

Deno.test("today is the UTC day of the instant, up to the last millisecond before midnight", () => {
  const late = timeframeWindows("today", at("2026-11-26T23:59:59.999Z"));
  assert.deepEqual(late, {
    window: { from: "2026-11-26", to: "2026-11-27" },
    previous: { from: "2026-11-25", to: "2026-11-26" },
  });
  const midnight = timeframeWindows("today", at("2026-11-27T00:00:00.000Z"));
  assert.deepEqual(midnight.window, { from: "2026-11-27", to: "2026-11-28" });
});

Deno.test("an offset in the instant does not move the UTC day", () => {
  assert.deepEqual(timeframeWindows("today", at("2026-11-26T20:30:00-05:00")).window, {
    from: "2026-11-27",
    to: "2026-11-28",
  });
});

Deno.test("yesterday compares with the day before", () => {
  assert.deepEqual(timeframeWindows("yesterday", at("2026-03-01T08:00:00Z")), {
    window: { from: "2026-02-28", to: "2026-03-01" },
    previous: { from: "2026-02-27", to: "2026-02-28" },
  });
});

Deno.test("the last n days include today and compare with the n days before", () => {
  assert.deepEqual(timeframeWindows("last7days", at("2026-11-26T12:00:00Z")), {
    window: { from: "2026-11-20", to: "2026-11-27" },
    previous: { from: "2026-11-13", to: "2026-11-20" },
  });
  assert.deepEqual(timeframeWindows("last14days", at("2026-01-05T00:00:00Z")).window, {
    from: "2025-12-23",
    to: "2026-01-06",
  });
  assert.deepEqual(timeframeWindows("last30days", at("2026-03-01T00:00:00Z")), {
    window: { from: "2026-01-31", to: "2026-03-02" },
    previous: { from: "2026-01-01", to: "2026-01-31" },
  });
});

Deno.test("month to date starts on the first and compares with the same days of last month", () => {
  assert.deepEqual(timeframeWindows("monthtodate", at("2026-11-26T12:00:00Z")), {
    window: { from: "2026-11-01", to: "2026-11-27" },
    previous: { from: "2026-10-01", to: "2026-10-27" },
  });
  assert.deepEqual(timeframeWindows("monthtodate", at("2026-11-01T00:00:00Z")), {
    window: { from: "2026-11-01", to: "2026-11-02" },
    previous: { from: "2026-10-01", to: "2026-10-02" },
  });
});

Deno.test("a previous month shorter than the days so far ends at its own end", () => {
  assert.deepEqual(timeframeWindows("monthtodate", at("2026-03-31T10:00:00Z")).previous, {
    from: "2026-02-01",
    to: "2026-03-01",
  });
});

Deno.test("last quarter is the whole calendar quarter before this one", () => {
  assert.deepEqual(timeframeWindows("lastquarter", at("2026-11-26T12:00:00Z")), {
    window: { from: "2026-07-01", to: "2026-10-01" },
    previous: { from: "2026-04-01", to: "2026-07-01" },
  });
  assert.deepEqual(timeframeWindows("lastquarter", at("2026-01-01T00:00:00Z")), {
    window: { from: "2025-10-01", to: "2026-01-01" },
    previous: { from: "2025-07-01", to: "2025-10-01" },
  });
  assert.deepEqual(timeframeWindows("lastquarter", at("2026-03-31T23:59:59Z")).window, {
    from: "2025-10-01",
    to: "2026-01-01",
  });
});

Deno.test("year to date starts on January 1 and compares with the same days last year", () => {
  assert.deepEqual(timeframeWindows("yeartodate", at("2026-11-26T12:00:00Z")), {
    window: { from: "2026-01-01", to: "2026-11-27" },
    previous: { from: "2025-01-01", to: "2025-11-27" },
  });
  assert.deepEqual(timeframeWindows("yeartodate", at("2025-12-31T12:00:00Z")).previous, {
    from: "2024-01-01",
    to: "2024-12-31",
  });
});

Deno.test("last year is the whole calendar year before this one", () => {
  assert.deepEqual(timeframeWindows("lastyear", at("2026-01-01T00:00:00Z")), {
    window: { from: "2025-01-01", to: "2026-01-01" },
    previous: { from: "2024-01-01", to: "2025-01-01" },
  });
});

Deno.test("every window is non-empty and its previous window ends where it starts or before", () => {
  for (const instant of ["2024-02-29T12:00:00Z", "2026-01-01T00:00:00Z", "2026-12-31T23:59:59Z"]) {
    for (const timeframe of TIMEFRAMES) {
      const { window, previous } = timeframeWindows(timeframe, at(instant));
      assert.ok(window.from < window.to, `${timeframe} at ${instant}`);
      assert.ok(previous.from < previous.to && previous.to <= window.from, `${timeframe} at ${instant}`);
    }
  }
});

Deno.test("the analytics page's timeframes are the overview's windows, and 90 days its own", () => {
  const now = at("2026-11-26T12:00:00Z");
  assert.deepEqual(tempAdminWindows("today", now), timeframeWindows("today", now));
  assert.deepEqual(tempAdminWindows("7days", now), timeframeWindows("last7days", now));
  assert.deepEqual(tempAdminWindows("30days", now), timeframeWindows("last30days", now));
  assert.deepEqual(tempAdminWindows("90days", now), {
    window: { from: "2026-08-29", to: "2026-11-27" },
    previous: { from: "2026-05-31", to: "2026-08-29" },
  });
});
