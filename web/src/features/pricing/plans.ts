// The pricing page's words about each plan. Prices, allowances, discounts and the trial come from billing's catalogue
// (@contracts/billing), the one list the server charges from, so the page and the checkout cannot disagree.
import {
  CREDIT_BLOCKS,
  type PlanId,
  PLAN_IDS,
  PLAN_PRICES,
  type PlanPrice,
  PRICE_PER_VALIDATION_MILLS,
  YEARLY_DISCOUNT_PERCENT,
  type BillingInterval,
  yearlyMonthlyCents,
} from "@contracts/billing";
import { formatCount, formatUsd } from "@/lib/format";

export const SUPPORT_HOURS = "24/7";
export const INTEGRATION_COUNT = "200+";

/** Where a plan's button leads a visitor who is not signed in. */
type SignedOutAction = { label: "Start Free Trial"; href: "/register" } | { label: "Contact Sales"; href: "/contact" };

type PlanTexts = {
  description: string;
  mostPopular: boolean;
  /** What the plan adds; its monthly validations are listed first by the page. */
  features: string[];
  signedOutAction: SignedOutAction;
};

const startFreeTrial: SignedOutAction = { label: "Start Free Trial", href: "/register" };

const PLAN_TEXTS: Record<PlanId, PlanTexts> = {
  starter: {
    description: "For freelancers and small mailing lists.",
    mostPopular: false,
    features: ["Real-time and bulk CSV validation", "Domain exploration and contact discovery", "Contact lists"],
    signedOutAction: startFreeTrial,
  },
  professional: {
    description: "For growing sales and marketing teams.",
    mostPopular: true,
    features: ["Everything in Starter", "CRM sync with Zoho", "API access"],
    signedOutAction: startFreeTrial,
  },
  business: {
    description: "For teams that validate at volume.",
    mostPopular: false,
    features: ["Everything in Professional", "Bulk files of up to 100,000 emails", "Onboarding for your team"],
    signedOutAction: { label: "Contact Sales", href: "/contact" },
  },
};

export type Plan = PlanPrice & PlanTexts;

export const PLANS: readonly Plan[] = PLAN_IDS.map((id) => ({ ...PLAN_PRICES[id], ...PLAN_TEXTS[id] }));

/** What the page quotes per month: on yearly billing, the year's price spread over its months. */
export function priceCents(plan: PlanPrice, interval: BillingInterval): number {
  return interval === "yearly" ? yearlyMonthlyCents(plan) : plan.monthlyCents;
}

/** What a year costs less on yearly billing than twelve monthly payments. */
export function yearlySavingCents(plan: PlanPrice): number {
  return (plan.monthlyCents - yearlyMonthlyCents(plan)) * 12;
}

export function formatPricePerValidation(): string {
  return `$${(PRICE_PER_VALIDATION_MILLS / 1000).toFixed(3)}`;
}

const cheapestPlan = PLANS.reduce((cheapest, plan) => (plan.monthlyCents < cheapest.monthlyCents ? plan : cheapest));
const largestPlan = PLANS.reduce((largest, plan) => (plan.monthlyAllowance > largest.monthlyAllowance ? plan : largest));
const smallestCreditBlock = CREDIT_BLOCKS.reduce((smallest, block) =>
  block.priceCents < smallest.priceCents ? block : smallest,
);

/** The upgrade dialog's texts when its configuration cannot be loaded. */
export const UPGRADE_FALLBACK = {
  features: [
    `Up to ${formatCount(largestPlan.monthlyAllowance)} monthly validations`,
    "50% cheaper than competitors",
    "CRM integrations",
  ],
  pricing: {
    monthly: `Starting at ${formatUsd(cheapestPlan.monthlyCents)}/month`,
    payPerUse: `Pay-per-use from ${formatUsd(smallestCreditBlock.priceCents)}`,
    annual: `${YEARLY_DISCOUNT_PERCENT}% off annual plans`,
  },
} as const;
