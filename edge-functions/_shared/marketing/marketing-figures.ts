// The marketing dashboard's figures, computed by the database over every kind of campaign (one CTR formula there).
import type { AccessTokenClaims } from "../auth/index.ts";
import { marketingRefusals } from "./marketing-refusals.ts";
import { asUser } from "../db/as-user.ts";
import {
  type MarketingAnalytics,
  marketingAnalyticsSchema,
  type MarketingStats,
  marketingStatsSchema,
} from "./contract.ts";

export async function readMarketingStats(claims: AccessTokenClaims): Promise<MarketingStats> {
  const [row] = await marketingRefusals("campaign_not_found", () =>
    asUser(claims, (sql) => sql<{ stats: unknown }[]>`select private.marketing_stats() as stats`)
  );
  return marketingStatsSchema.parse(row!.stats);
}

export async function readMarketingAnalytics(claims: AccessTokenClaims): Promise<MarketingAnalytics> {
  const [row] = await marketingRefusals("campaign_not_found", () =>
    asUser(claims, (sql) => sql<{ analytics: unknown }[]>`select private.marketing_analytics() as analytics`)
  );
  return marketingAnalyticsSchema.parse(row!.analytics);
}
