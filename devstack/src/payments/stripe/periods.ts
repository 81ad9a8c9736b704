// Billing periods as Stripe counts them: a month or a year on from the anchor's day, kept within shorter months (a
// subscription started on 31 January renews on 28 or 29 February, then 31 March).
import type { Interval } from "./objects.ts";

const DAY = 86_400;

/** `seconds` moved on by `count` intervals, in UTC. */
export function addInterval(seconds: number, interval: Interval, count: number): number {
  if (interval === "day") return seconds + count * DAY;
  if (interval === "week") return seconds + count * 7 * DAY;
  const date = new Date(seconds * 1000);
  const months = interval === "month" ? count : count * 12;
  const target = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(target / 12);
  const month = ((target % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = Date.UTC(
    year,
    month,
    Math.min(date.getUTCDate(), lastDay),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
  );
  return moved / 1000;
}
