// The meter's SQL functions (migrations/*_metering*.sql), called on the functions' own connection: they move balances
// and write the usage ledger, which no API role may touch, and they read the caller's balances from counters the
// caller's own role cannot see as a whole. The only module of metering that reaches past RLS.
import { database } from "../db/pool.ts";
import type { UsageSource, WorkKind } from "./contract.ts";

export interface MeterAnswer {
  allowed: boolean;
  /** Units left for that kind of work after the charge (before it, when refused). */
  balance: number;
  /** Units drawn per source; sources that paid nothing are absent. */
  charged: Partial<Record<UsageSource, number>>;
}

/** Draws `units` of `work` from the user's sources, all or nothing, and records each draw under `reference`. */
export async function meterUsage(userId: string, work: WorkKind, units: number, reference: string): Promise<MeterAnswer> {
  const [row] = await database()<MeterAnswer[]>`
    select allowed, balance, charged from private.meter_usage(${userId}, ${work}, ${units}, ${reference})
  `;
  return row!;
}

/** Gives back up to `units` of what `reference` drew; answers the units given back. */
export async function releaseUsage(userId: string, reference: string, units: number): Promise<number> {
  const [row] = await database()<{ released: number }[]>`
    select private.release_usage(${userId}, ${reference}, ${units}) as released
  `;
  return row!.released;
}

/** The user's plan, trial and balances, as private.usage_balances computes them (the usage answer's shape). */
export async function usageBalances(userId: string): Promise<unknown> {
  const [row] = await database()<{ usage: unknown }[]>`select private.usage_balances(${userId}) as usage`;
  return row!.usage;
}

export interface UsageHistoryRow {
  day: string;
  work: string;
  source: string;
  units: number;
}

/** Net units per UTC day, work and source over the last `days` days, newest day first. */
export async function usageHistoryRows(userId: string, days: number): Promise<UsageHistoryRow[]> {
  // The day as text, not a Date a time zone could shift; net units fit an integer (a day holds far fewer).
  return await database()<UsageHistoryRow[]>`
    select day::text as day, work, source, units::integer as units from private.usage_history(${userId}, ${days})
    order by day desc, work, source
  `;
}
