// What MailScout sells and for how much: the one catalogue the server charges from and the pricing page shows. Money
// is whole US cents. The server computes every amount from an item id here; a client never names a price.

export const YEARLY_DISCOUNT_PERCENT = 25;
/** The anonymous visitor's one-time code: this share off a plan's first month. */
export const FIRST_MONTH_DISCOUNT_PERCENT = 20;
export const DISCOUNT_VALID_HOURS = 24;
export const FREE_TRIAL_DAYS = 14;
/** A first payment may be refunded on request this many days after it was made. */
export const MONEY_BACK_DAYS = 30;
/** Tenths of a cent: $0.015 does not fit in whole cents. */
export const PRICE_PER_VALIDATION_MILLS = 15;

export const PLAN_IDS = ["starter", "professional", "business"] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_INTERVALS = ["monthly", "yearly"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

export interface PlanPrice {
  id: PlanId;
  name: string;
  monthlyCents: number;
  /** Units of work (validations, bulk rows, explorations) each month of the subscription, on either interval. */
  monthlyAllowance: number;
}

export const PLAN_PRICES: Readonly<Record<PlanId, PlanPrice>> = {
  starter: { id: "starter", name: "Starter", monthlyCents: 1900, monthlyAllowance: 2_500 },
  professional: { id: "professional", name: "Professional", monthlyCents: 6900, monthlyAllowance: 8_000 },
  business: { id: "business", name: "Business", monthlyCents: 16900, monthlyAllowance: 25_000 },
};

export interface CreditBlock {
  credits: number;
  priceCents: number;
  /** The stated saving against the smallest block's rate; null for the smallest (the minimum purchase). */
  savePercent: number | null;
}

/** One-time credits; they never expire. */
export const CREDIT_BLOCKS: readonly CreditBlock[] = [
  { credits: 800, priceCents: 1200, savePercent: null },
  { credits: 2_000, priceCents: 3000, savePercent: 25 },
  { credits: 5_000, priceCents: 6700, savePercent: 35 },
  { credits: 10_000, priceCents: 12000, savePercent: 45 },
];

export const CREDIT_ITEM_IDS = ["credits-800", "credits-2000", "credits-5000", "credits-10000"] as const;
export const PLAN_ITEM_IDS = [
  "starter-monthly",
  "starter-yearly",
  "professional-monthly",
  "professional-yearly",
  "business-monthly",
  "business-yearly",
] as const;
export const ITEM_IDS = [...CREDIT_ITEM_IDS, ...PLAN_ITEM_IDS] as const;
export type CreditItemId = (typeof CREDIT_ITEM_IDS)[number];
export type PlanItemId = (typeof PLAN_ITEM_IDS)[number];
export type ItemId = (typeof ITEM_IDS)[number];

/** A plan's price per month on yearly billing: every yearly plan is the same share cheaper. */
export function yearlyMonthlyCents(plan: PlanPrice): number {
  return (plan.monthlyCents * (100 - YEARLY_DISCOUNT_PERCENT)) / 100;
}

export type CatalogueItem =
  | { id: CreditItemId; kind: "credits"; name: string; credits: number; amountCents: number }
  | {
    id: PlanItemId;
    kind: "plan";
    name: string;
    plan: PlanId;
    interval: BillingInterval;
    /** What each charge costs: a month, or a whole year paid at once. */
    amountCents: number;
    monthlyAllowance: number;
  };

export function catalogueItem(id: ItemId): CatalogueItem {
  const block = CREDIT_BLOCKS.find((candidate) => `credits-${candidate.credits}` === id);
  if (block) {
    return {
      id: id as CreditItemId,
      kind: "credits",
      name: `${block.credits.toLocaleString("en-US")} credits`,
      credits: block.credits,
      amountCents: block.priceCents,
    };
  }
  const [planId, interval] = id.split("-") as [PlanId, BillingInterval];
  const plan = PLAN_PRICES[planId];
  return {
    id: id as PlanItemId,
    kind: "plan",
    name: `${plan.name} (${interval})`,
    plan: planId,
    interval,
    amountCents: interval === "yearly" ? yearlyMonthlyCents(plan) * 12 : plan.monthlyCents,
    monthlyAllowance: plan.monthlyAllowance,
  };
}

export const CATALOGUE: readonly CatalogueItem[] = ITEM_IDS.map(catalogueItem);

/**
 * What the first charge of an item costs with the anonymous discount: 20% of one month's price off a plan (a yearly
 * plan's month at its yearly rate), rounded to the nearest cent. Credit blocks take no discount; null then.
 */
export function firstChargeWithDiscountCents(item: CatalogueItem): number | null {
  if (item.kind !== "plan") return null;
  const monthCents = item.interval === "yearly" ? item.amountCents / 12 : item.amountCents;
  return item.amountCents - Math.round((monthCents * FIRST_MONTH_DISCOUNT_PERCENT) / 100);
}
