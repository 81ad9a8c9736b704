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
  SEO_CONVERSIONS_PER_MINUTE,
  SEO_REMOVAL_REQUESTS_PER_HOUR,
  takeSeoConversion,
  takeSeoRemovalRequest,
} from "./privileged.ts";
