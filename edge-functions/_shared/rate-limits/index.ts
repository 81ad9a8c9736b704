// The one rate limiter: counters in Postgres (see privileged.ts), and what a refusal means.
export { inWords, type RateLimitDecision } from "./decision.ts";
export {
  type Admission,
  admitUserRequest,
  clearRateLimit,
  type LimitedAction,
  type RateLimitHit,
  CAMPAIGN_EVENTS_PER_MINUTE,
  takeCampaignEvent,
  takeDiscountCode,
  takeDomainRefresh,
  takeRateLimit,
} from "./privileged.ts";
