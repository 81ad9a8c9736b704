// The platform's figures: a window's and the previous window's (for the trend arrows) by one SQL function, so the
// overview and the analytics page can never disagree; the lifetime totals; and the monthly cost behind the profit margin.
import type { AccessTokenClaims } from "../auth/index.ts";
import type { UserSql } from "../db/as-user.ts";
import { asAdmin } from "./as-admin.ts";
import {
  type LifetimeStats,
  lifetimeStatsSchema,
  type PlatformFigures,
  platformFiguresSchema,
  type PlatformStats,
  platformSeriesSchema,
  type StatsWindow,
  type TempAdminStats,
  type TempAdminTimeframe,
  type Timeframe,
} from "./contract.ts";
import { tempAdminWindows, type TimeframeWindows, timeframeWindows } from "./timeframe-windows.ts";

async function figuresOf(sql: UserSql, window: StatsWindow): Promise<PlatformFigures> {
  const [row] = await sql<{ figures: unknown }[]>`
    select private.admin_platform_stats(${window.from}::date, ${window.to}::date) as figures
  `;
  return platformFiguresSchema.parse(row?.figures);
}

async function windowFigures(sql: UserSql, { window, previous }: TimeframeWindows) {
  const current = await figuresOf(sql, window);
  return { ...current, window, previous: { ...(await figuresOf(sql, previous)), window: previous } };
}

/** GET /api/admin/platform-stats */
export async function platformStats(claims: AccessTokenClaims, timeframe: Timeframe, now = new Date()): Promise<PlatformStats> {
  const windows = timeframeWindows(timeframe, now);
  return await asAdmin(claims, async (sql) => {
    const figures = await windowFigures(sql, windows);
    const [row] = await sql<{ series: unknown }[]>`
      select private.admin_platform_series(${windows.window.from}::date, ${windows.window.to}::date) as series
    `;
    return { ...figures, timeframe, series: platformSeriesSchema.parse(row?.series) };
  });
}

/** GET /api/temp-admin-stats: the overview's figures for the analytics page's timeframes. */
export async function tempAdminStats(
  claims: AccessTokenClaims,
  timeframe: TempAdminTimeframe,
  now = new Date(),
): Promise<TempAdminStats> {
  const figures = await asAdmin(claims, (sql) => windowFigures(sql, tempAdminWindows(timeframe, now)));
  return { ...figures, timeframe };
}

/** GET /api/admin/lifetime-stats */
export async function lifetimeStats(claims: AccessTokenClaims): Promise<LifetimeStats> {
  const [row] = await asAdmin(claims, (sql) => sql<{ stats: unknown }[]>`select private.admin_lifetime_stats() as stats`);
  return lifetimeStatsSchema.parse(row?.stats);
}

/** PUT /api/admin/settings/monthly-cost: null forgets the cost (the margin shows "set your costs" again). */
export async function setMonthlyCost(claims: AccessTokenClaims, cents: number | null): Promise<LifetimeStats> {
  await asAdmin(claims, (sql) => sql`select private.admin_set_monthly_cost(${cents}::bigint)`);
  return await lifetimeStats(claims);
}
