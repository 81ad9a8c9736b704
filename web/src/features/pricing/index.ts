// The pricing feature's public face.
export { PricingPage } from "./components/pricing-page";
export {
  DISCOUNT_VALID_HOURS,
  FIRST_MONTH_DISCOUNT_PERCENT,
  formatCount,
  formatUsd,
  UPGRADE_FALLBACK,
} from "./plans";
