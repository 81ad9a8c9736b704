// The pricing feature's public face.
export { PricingPage } from "./components/pricing-page";
export { UPGRADE_FALLBACK } from "./plans";
// The admin screens and others read money and counts the way the pricing page writes them.
export { formatCount, formatUsd } from "@/lib/format";
