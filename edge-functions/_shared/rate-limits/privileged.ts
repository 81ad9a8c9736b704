// The limiter's SQL functions (migrations *_rate_limits.sql and the limits built on it), called on the api's own
// connection: the counters are closed to every API role. The only module of this feature that reaches past RLS.
import { database } from "../db/pool.ts";
import type { RateLimitDecision } from "./decision.ts";

interface DecisionRow {
  allowed: boolean;
  max_hits: number;
  remaining: number;
  reset_seconds: number;
}

function toDecision(row: DecisionRow | undefined): RateLimitDecision {
  if (!row) throw new Error("The rate limiter answered no row");
  return { allowed: row.allowed, limit: row.max_hits, remaining: row.remaining, resetSeconds: row.reset_seconds };
}

export interface RateLimitHit {
  /** Who is counted: user:<id>, session:<id>, network:<address>, identifier:<name>. */
  subject: string;
  /** What for: validation, sign_in_failure, ... */
  action: string;
  limit: number;
  windowSeconds: number;
  /** How many hits this is; 0 only looks whether one more would fit. */
  cost?: number;
}

/** Counts a hit if it fits the limit in the current window (which starts at the counter's first hit). */
export async function takeRateLimit({ subject, action, limit, windowSeconds, cost = 1 }: RateLimitHit) {
  const [row] = await database()<DecisionRow[]>`
    select * from private.take_rate_limit(${subject}, ${action}, ${limit}, ${windowSeconds}, ${cost})
  `;
  return toDecision(row);
}

/** Forgets a counter, e.g. a person's failed sign-ins once they sign in. */
export async function clearRateLimit(subject: string, action: string): Promise<void> {
  await database()`select private.clear_rate_limit(${subject}, ${action})`;
}

/** What a signed-in request may do: one call per request, whatever limits apply to it. */
export type Admission =
  | { admitted: true; decision: RateLimitDecision | null }
  | { admitted: false; suspendedUntil: Date; suspensionReason: string | null }
  | { admitted: false; refusedBy: "throttle" | LimitedAction; decision: RateLimitDecision };

/** The actions with per-minute limits of their own (admin_settings rate_limit_<action>s_per_minute). */
export type LimitedAction = "validation" | "exploration";

interface AdmissionRow extends Omit<DecisionRow, "allowed" | "max_hits"> {
  suspended_until: Date | null;
  suspension_reason: string | null;
  refused_by: "suspension" | "throttle" | LimitedAction | null;
  allowed: boolean;
  max_hits: number | null;
}

export async function admitUserRequest(userId: string, action: LimitedAction | null): Promise<Admission> {
  const [row] = await database()<AdmissionRow[]>`select * from private.admit_user_request(${userId}, ${action})`;
  if (!row) throw new Error("Admission answered no row");
  if (row.refused_by === "suspension") {
    return { admitted: false, suspendedUntil: row.suspended_until!, suspensionReason: row.suspension_reason };
  }
  const decision = row.max_hits === null ? null : toDecision({ ...row, max_hits: row.max_hits });
  if (row.refused_by) return { admitted: false, refusedBy: row.refused_by, decision: decision! };
  return { admitted: true, decision };
}

/** Counts a fresh crawl of `domain` by a user, session or network; refused past the daily limit. */
export async function takeDomainRefresh(refresher: string, domain: string): Promise<RateLimitDecision> {
  const [row] = await database()<DecisionRow[]>`select * from private.take_domain_refresh(${refresher}, ${domain})`;
  return toDecision(row);
}

/** Counts a discount code issued to the client's network; refused past the daily limit. */
export async function takeDiscountCode(clientIp: string): Promise<RateLimitDecision> {
  const [row] = await database()<DecisionRow[]>`select * from private.take_discount_code(${clientIp})`;
  return toDecision(row);
}

/** Campaign events one visitor (user:, session: or network:) may report a minute: a busy page shows a few items, each
 * reported once or twice, so this stops only scripts inflating a campaign's figures. */
export const CAMPAIGN_EVENTS_PER_MINUTE = 120;

export async function takeCampaignEvent(visitor: string): Promise<RateLimitDecision> {
  return await takeRateLimit({ subject: visitor, action: "campaign_event", limit: CAMPAIGN_EVENTS_PER_MINUTE, windowSeconds: 60 });
}

/** Landing-page conversions one visitor (session:, else network:) may report a minute: a page has a few calls to action,
 * and each counts once a day anyway, so this stops only scripts hammering the counter. */
export const SEO_CONVERSIONS_PER_MINUTE = 30;

export async function takeSeoConversion(visitor: string): Promise<RateLimitDecision> {
  return await takeRateLimit({ subject: visitor, action: "seo_conversion", limit: SEO_CONVERSIONS_PER_MINUTE, windowSeconds: 60 });
}

/** Removal requests one client network may send an hour: each may mail a link or wait for an admin, so few suffice. */
export const SEO_REMOVAL_REQUESTS_PER_HOUR = 5;

export async function takeSeoRemovalRequest(network: string): Promise<RateLimitDecision> {
  return await takeRateLimit({
    subject: `network:${network}`,
    action: "seo_removal_request",
    limit: SEO_REMOVAL_REQUESTS_PER_HOUR,
    windowSeconds: 60 * 60,
  });
}
