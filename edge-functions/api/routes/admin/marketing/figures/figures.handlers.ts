import type { Context } from "hono";
import { readMarketingAnalytics, readMarketingStats } from "../../../../../_shared/marketing/index.ts";
import type { SignedInEnv } from "../../../../lib/require-user.ts";

export async function stats(c: Context<SignedInEnv>) {
  return c.json(await readMarketingStats(c.var.signedIn.claims), 200);
}

export async function analytics(c: Context<SignedInEnv>) {
  return c.json(await readMarketingAnalytics(c.var.signedIn.claims), 200);
}
