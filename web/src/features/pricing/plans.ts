// Every price, allowance and promise MailScout quotes, in one place: the pricing page
// and the upgrade dialog's fallback texts both read from here, so they cannot disagree.
// Money is in cents, as the payments table stores it, and shown as USD.

export const YEARLY_DISCOUNT_PERCENT = 25;
export const FIRST_MONTH_DISCOUNT_PERCENT = 20;
export const DISCOUNT_VALID_HOURS = 24;
export const FREE_TRIAL_DAYS = 14;
export const MONEY_BACK_DAYS = 30;
/** Tenths of a cent: $0.015 does not fit in whole cents. */
export const PRICE_PER_VALIDATION_MILLS = 15;
export const SUPPORT_HOURS = "24/7";
export const INTEGRATION_COUNT = "200+";

export type BillingPeriod = "monthly" | "yearly";

type PlanAction = { label: "Start Free Trial"; href: "/register" } | { label: "Contact Sales"; href: "/contact" };

export type Plan = {
  id: "starter" | "professional" | "business";
  name: string;
  description: string;
  monthlyCents: number;
  validationsPerMonth: number;
  mostPopular: boolean;
  /** What the plan adds; its monthly validations are listed first by the page. */
  features: string[];
  action: PlanAction;
};

const startFreeTrial: PlanAction = { label: "Start Free Trial", href: "/register" };

export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    description: "For freelancers and small mailing lists.",
    monthlyCents: 1900,
    validationsPerMonth: 2_500,
    mostPopular: false,
    features: ["Real-time and bulk CSV validation", "Domain exploration and contact discovery", "Contact lists"],
    action: startFreeTrial,
  },
  {
    id: "professional",
    name: "Professional",
    description: "For growing sales and marketing teams.",
    monthlyCents: 6900,
    validationsPerMonth: 8_000,
    mostPopular: true,
    features: ["Everything in Starter", "CRM sync with Zoho", "API access"],
    action: startFreeTrial,
  },
  {
    id: "business",
    name: "Business",
    description: "For teams that validate at volume.",
    monthlyCents: 16900,
    validationsPerMonth: 25_000,
    mostPopular: false,
    features: ["Everything in Professional", "Bulk files of up to 100,000 emails", "Onboarding for your team"],
    action: { label: "Contact Sales", href: "/contact" },
  },
];

export type CreditBlock = {
  validations: number;
  priceCents: number;
  /** The spec's stated saving; the smallest block is the minimum purchase instead. */
  savePercent: number | null;
};

/** One-time credits; they never expire. */
export const CREDIT_BLOCKS: readonly CreditBlock[] = [
  { validations: 800, priceCents: 1200, savePercent: null },
  { validations: 2_000, priceCents: 3000, savePercent: 25 },
  { validations: 5_000, priceCents: 6700, savePercent: 35 },
  { validations: 10_000, priceCents: 12000, savePercent: 45 },
];

/** A plan's price per month on yearly billing: every yearly plan is the same share cheaper. */
export function yearlyMonthlyCents(plan: Plan): number {
  return (plan.monthlyCents * (100 - YEARLY_DISCOUNT_PERCENT)) / 100;
}

export function priceCents(plan: Plan, period: BillingPeriod): number {
  return period === "yearly" ? yearlyMonthlyCents(plan) : plan.monthlyCents;
}

/** What a year costs less on yearly billing than twelve monthly payments. */
export function yearlySavingCents(plan: Plan): number {
  return (plan.monthlyCents - yearlyMonthlyCents(plan)) * 12;
}

/** "$19", "$14.25", "$1,521": cents only when there are any. */
export function formatUsd(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

export function formatPricePerValidation(): string {
  return `$${(PRICE_PER_VALIDATION_MILLS / 1000).toFixed(3)}`;
}

/** "2,500" */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

const cheapestPlan = PLANS.reduce((cheapest, plan) => (plan.monthlyCents < cheapest.monthlyCents ? plan : cheapest));
const largestPlan = PLANS.reduce((largest, plan) =>
  plan.validationsPerMonth > largest.validationsPerMonth ? plan : largest,
);
const smallestCreditBlock = CREDIT_BLOCKS.reduce((smallest, block) =>
  block.priceCents < smallest.priceCents ? block : smallest,
);

/** The upgrade dialog's texts when its configuration cannot be loaded. */
export const UPGRADE_FALLBACK = {
  features: [
    `Up to ${formatCount(largestPlan.validationsPerMonth)} monthly validations`,
    "50% cheaper than competitors",
    "CRM integrations",
  ],
  pricing: {
    monthly: `Starting at ${formatUsd(cheapestPlan.monthlyCents)}/month`,
    payPerUse: `Pay-per-use from ${formatUsd(smallestCreditBlock.priceCents)}`,
    annual: `${YEARLY_DISCOUNT_PERCENT}% off annual plans`,
  },
} as const;
