// Billing's contract shared by the api function (Deno) and the SPA (Vite): the catalogue, checkouts, manual payments,
// the account's usage and balances, subscriptions, refunds, and the admin's side of payments. Money is whole US cents;
// times are ISO strings in UTC.
import { z } from "zod";
import { pageParameters } from "../contracts/paging.ts";
import { text } from "../contracts/text.ts";
import { BILLING_INTERVALS, CREDIT_ITEM_IDS, ITEM_IDS, PLAN_IDS, PLAN_ITEM_IDS } from "./catalogue.ts";

export * from "./catalogue.ts";

const timestamp = z.iso.datetime({ offset: true });
const day = z.iso.date();

export const itemIdSchema = z.enum(ITEM_IDS, { error: `itemId must be one of ${ITEM_IDS.join(", ")}` });

// Providers ------------------------------------------------------------------------------------------------------------

/** Providers whose checkout runs on their own page; the buyer comes back when done. */
export const CHECKOUT_PROVIDERS = ["stripe", "paypal"] as const;
/** Providers paid outside MailScout: the buyer names the transaction, an admin verifies it. */
export const MANUAL_PROVIDERS = ["venmo", "cashapp", "crypto"] as const;
export type CheckoutProvider = (typeof CHECKOUT_PROVIDERS)[number];
export type ManualProvider = (typeof MANUAL_PROVIDERS)[number];

// The catalogue -------------------------------------------------------------------------------------------------------

export const catalogueItemSchema = z.discriminatedUnion("kind", [
  z.object({
    id: z.enum(CREDIT_ITEM_IDS),
    kind: z.literal("credits"),
    name: z.string(),
    credits: z.number().int().min(1),
    amountCents: z.number().int().min(1),
  }),
  z.object({
    id: z.enum(PLAN_ITEM_IDS),
    kind: z.literal("plan"),
    name: z.string(),
    plan: z.enum(PLAN_IDS),
    interval: z.enum(BILLING_INTERVALS),
    amountCents: z.number().int().min(1),
    monthlyAllowance: z.number().int().min(1),
  }),
]);

/** GET /api/billing/catalogue (anyone): what can be bought, and with which providers now (configured and active). */
export const catalogueAnswerSchema = z.object({
  items: z.array(catalogueItemSchema),
  /** Empty while no provider is set up: the pricing page then says purchases are not open yet. */
  providers: z.array(z.enum([...CHECKOUT_PROVIDERS, ...MANUAL_PROVIDERS])),
  /** Which providers sell which kind: plans are sold by Stripe only; credit blocks by every provider. */
  planProviders: z.array(z.enum(CHECKOUT_PROVIDERS)),
});
export type CatalogueAnswer = z.infer<typeof catalogueAnswerSchema>;

// Checkout --------------------------------------------------------------------------------------------------------------

const DISCOUNT_CODE_MAX = 64;

/** POST /api/billing/checkout (signed in) → 201 {url, paymentId}: where to send the buyer. */
export const checkoutRequestSchema = z.object({
  itemId: itemIdSchema,
  provider: z.enum(CHECKOUT_PROVIDERS, { error: "provider must be stripe or paypal" }),
  discountCode: text().trim().min(1, "discountCode must not be empty").max(DISCOUNT_CODE_MAX).optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;
export const checkoutAnswerSchema = z.object({ url: z.url(), paymentId: z.uuid() });

/** POST /api/billing/paypal/capture (signed in): the order PayPal sent the buyer back with (its ?token=). */
export const paypalCaptureRequestSchema = z.object({
  orderId: text({ error: "orderId is required" }).trim().min(1, "orderId is required").max(64)
    .regex(/^[A-Za-z0-9-]+$/, "orderId must be a PayPal order id"),
});

// Manual payments -------------------------------------------------------------------------------------------------------

/** POST /api/billing/manual-payments (signed in) → 201 the pending payment. Credit blocks only. */
export const manualPaymentRequestSchema = z.object({
  provider: z.enum(MANUAL_PROVIDERS, { error: "provider must be venmo, cashapp or crypto" }),
  itemId: itemIdSchema,
  reference: text({ error: "reference is required" }).trim()
    .min(4, "reference must be the transaction's id or hash (at least 4 characters)")
    .max(255, "reference must be at most 255 characters"),
});
export type ManualPaymentRequest = z.infer<typeof manualPaymentRequestSchema>;

/** GET /api/billing/manual-payments/instructions?provider= (signed in): whom to pay. Absent fields are not set up. */
export const manualInstructionsQuerySchema = z.object({
  provider: z.enum(MANUAL_PROVIDERS, { error: "provider must be venmo, cashapp or crypto" }),
});
export const manualInstructionsSchema = z.object({
  provider: z.enum(MANUAL_PROVIDERS),
  username: z.string().optional(),
  bitcoinAddress: z.string().optional(),
  ethereumAddress: z.string().optional(),
});
export type ManualInstructions = z.infer<typeof manualInstructionsSchema>;

// Payments (the buyer's view) -----------------------------------------------------------------------------------------

export const PAYMENT_STATUSES = ["pending", "completed", "verified", "failed", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentSchema = z.object({
  id: z.uuid(),
  itemId: itemIdSchema.nullable(),
  description: z.string(),
  amountCents: z.number().int().min(0),
  creditsGranted: z.number().int().min(0),
  paymentMethod: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** The buyer's transaction id for a manual payment; the provider's id otherwise. */
  reference: z.string().nullable(),
  discountCents: z.number().int().min(0),
  createdAt: timestamp,
  /** When it was paid (completed) or verified. */
  paidAt: timestamp.nullable(),
  rejectionReason: z.string().nullable(),
  refundRequestedAt: timestamp.nullable(),
  refundedAt: timestamp.nullable(),
  /** Whether a money-back request may still be made for it (a first payment, within 30 days, none asked yet). */
  refundable: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/billing/payments?page=&pageSize= (signed in): the caller's payments, newest first. */
export const paymentsQuerySchema = z.object(pageParameters(20, 100));
export const paymentsPageSchema = z.object({
  payments: z.array(paymentSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type PaymentsPage = z.infer<typeof paymentsPageSchema>;

/** POST /api/billing/payments/{id}/refund-request (signed in, the payer) → 200 the payment. */
export const refundRequestSchema = z.object({
  reason: text({ error: "reason is required" }).trim().min(1, "reason is required")
    .max(1000, "reason must be at most 1,000 characters"),
});

// Subscription --------------------------------------------------------------------------------------------------------

export const SUBSCRIPTION_STATUSES = ["active", "past_due", "ended"] as const;
export const subscriptionSchema = z.object({
  plan: z.enum(PLAN_IDS),
  interval: z.enum(BILLING_INTERVALS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  provider: z.string(),
  startedAt: timestamp,
  currentPeriodEnd: timestamp.nullable(),
  /** The subscription ends at currentPeriodEnd instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /** Past due: the plan's allowance stops after this; then the free plan. */
  graceEndsAt: timestamp.nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
/** POST /api/billing/subscription/cancel (signed in) → 200 the subscription, ending at its period's end. */

// Usage ---------------------------------------------------------------------------------------------------------------

/** What a unit of work is; each costs one unit. */
export const WORK_KINDS = ["validation", "bulk_row", "exploration"] as const;
export type WorkKind = (typeof WORK_KINDS)[number];
/** Where a unit was paid from, in the order the meter draws on them. */
export const USAGE_SOURCES = ["plan", "free", "trial", "granted", "paid"] as const;
export type UsageSource = (typeof USAGE_SOURCES)[number];

export const TRIAL_STATUSES = ["not_started", "active", "expired", "converted"] as const;

const perWork = z.object({
  validations: z.number().int().min(0),
  bulkRows: z.number().int().min(0),
  explorations: z.number().int().min(0),
});

/** GET /api/account/usage (signed in). */
export const accountUsageSchema = z.object({
  /** The plan whose allowance applies now: free, or the subscribed plan. */
  plan: z.enum(["free", ...PLAN_IDS]),
  subscription: subscriptionSchema.nullable(),
  trial: z.object({
    status: z.enum(TRIAL_STATUSES),
    plan: z.enum(PLAN_IDS).nullable(),
    endsAt: timestamp.nullable(),
    allowances: perWork,
    used: perWork,
  }),
  balances: z.object({
    /** What is left of this month's plan (or free) allowance. */
    monthly: z.number().int().min(0),
    /** Trial single validations left (bulk rows and explorations: trial.allowances minus trial.used). */
    trial: z.number().int().min(0),
    granted: z.number().int().min(0),
    paid: z.number().int().min(0),
  }),
  /** The month's plan (or free) allowance, and how much of it is used. */
  monthlyAllowance: z.number().int().min(0),
  usedThisMonth: z.number().int().min(0),
  /** When this month's allowance started and when the next one starts. */
  periodStart: timestamp,
  periodEnd: timestamp,
  /** Single validations the caller can run now, from every source: the header's balance. */
  available: z.number().int().min(0),
});
export type AccountUsage = z.infer<typeof accountUsageSchema>;

/** GET /api/account/usage/history?days= (signed in): units per UTC day, work and source, newest day first. */
export const usageHistoryQuerySchema = z.object({
  days: z.coerce.number({ error: "days must be a number" }).int("days must be a whole number")
    .min(1, "days must be at least 1").max(366, "days must be at most 366").default(30),
});
export const usageHistorySchema = z.object({
  rows: z.array(z.object({
    day,
    work: z.enum(WORK_KINDS),
    source: z.enum(USAGE_SOURCES),
    /** Units used that day, net of units given back (a cancelled bulk job's unused rows). */
    units: z.number().int(),
  })),
});
export type UsageHistory = z.infer<typeof usageHistorySchema>;

/** The 402 answer when nothing is left to pay for the work; the SPA opens the upgrade popup on it. */
export const needsCreditsSchema = z.object({
  message: z.string(),
  needsCredits: z.literal(true),
  /** Units the caller has for that kind of work now (fewer than it needs). */
  balance: z.number().int().min(0),
});
export type NeedsCredits = z.infer<typeof needsCreditsSchema>;

// The account ---------------------------------------------------------------------------------------------------------

/** DELETE /api/account (signed in) → 204: the caller types their username to confirm. */
export const deleteAccountRequestSchema = z.object({
  confirmUsername: text({ error: "confirmUsername is required" }).trim().min(1, "confirmUsername is required")
    .max(30),
});

// The admin's side ----------------------------------------------------------------------------------------------------

/** POST /api/admin/payments/{id}/reject. */
export const rejectPaymentRequestSchema = z.object({
  reason: text({ error: "reason is required" }).trim().min(1, "reason is required")
    .max(500, "reason must be at most 500 characters"),
});
/** GET /api/admin/payments?status=&page=&pageSize=: status pending is the verification queue. */
export const adminPaymentsFilterSchema = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: `status must be one of ${PAYMENT_STATUSES.join(", ")}` }).optional(),
  refundRequested: z.enum(["true"]).optional(),
});
