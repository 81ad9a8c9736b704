import type { Context } from "hono";
import {
  lifetimeStats,
  type monthlyCostRequestSchema,
  platformStats,
  type platformStatsQuerySchema,
  setMonthlyCost,
  tempAdminStats,
  type tempAdminStatsQuerySchema,
} from "../../../../_shared/admin/index.ts";
import type { JsonInput } from "../../../lib/json-body.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

export async function platform(c: Context<SignedInEnv, string, QueryInput<typeof platformStatsQuerySchema>>) {
  return c.json(await platformStats(c.var.signedIn.claims, c.req.valid("query").timeframe), 200);
}

export async function tempAdmin(c: Context<SignedInEnv, string, QueryInput<typeof tempAdminStatsQuerySchema>>) {
  return c.json(await tempAdminStats(c.var.signedIn.claims, c.req.valid("query").timeframe), 200);
}

export async function lifetime(c: Context<SignedInEnv>) {
  return c.json(await lifetimeStats(c.var.signedIn.claims), 200);
}

/** Answers the lifetime figures with the new cost, so the margin the screen shows is the one it implies. */
export async function monthlyCost(c: Context<SignedInEnv, string, JsonInput<typeof monthlyCostRequestSchema>>) {
  return c.json(await setMonthlyCost(c.var.signedIn.claims, c.req.valid("json").monthlyCostCents), 200);
}
