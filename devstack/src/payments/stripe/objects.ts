// The Stripe objects the fake keeps, with the fields of stripe-node's types (API version 2026-10-28.endive) that a
// checkout, a subscription and a refund touch. Amounts are integers in the currency's smallest unit; times are Unix
// seconds, as on the wire.

export type Metadata = Record<string, string>;

export interface ApiList<T> {
  object: "list";
  data: T[];
  has_more: false;
  url: string;
}

export const apiList = <T>(data: T[], url: string): ApiList<T> => ({ object: "list", data, has_more: false, url });

export interface Coupon {
  id: string;
  object: "coupon";
  amount_off: number | null;
  currency: string | null;
  duration: "once";
  duration_in_months: null;
  percent_off: number | null;
  name: string | null;
  metadata: Metadata;
  created: number;
  livemode: false;
  max_redemptions: null;
  redeem_by: null;
  times_redeemed: number;
  valid: boolean;
}

export type Interval = "day" | "week" | "month" | "year";

/** The one line item a session sells (MailScout sells one item per checkout). */
export interface LineItem {
  name: string;
  unitAmount: number;
  currency: string;
  quantity: number;
  recurring: { interval: Interval; intervalCount: number } | null;
}

export interface CheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: "if_required" | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  discounts: { coupon: string; promotion_code: null }[];
  expires_at: number;
  /** A subscription checkout's first invoice, once paid. */
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  mode: "payment" | "subscription";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  subscription: string | null;
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: 0; amount_tax: 0 };
  ui_mode: "hosted";
  url: string | null;
}

export interface Customer {
  id: string;
  object: "customer";
  created: number;
  email: string | null;
  livemode: false;
  metadata: Metadata;
  name: string | null;
}

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface PaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  latest_charge: string;
  livemode: false;
  metadata: Metadata;
  payment_method: string;
  status: "succeeded";
}

export interface Charge {
  id: string;
  object: "charge";
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  billing_details: { email: string | null };
  captured: true;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  outcome: { network_status: "approved_by_network"; seller_message: string; type: "authorized" };
  paid: true;
  payment_intent: string;
  payment_method: string;
  payment_method_details: { type: "card"; card: CardDetails };
  receipt_url: string;
  refunded: boolean;
  status: "succeeded";
}

export interface Refund {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
}

export interface Price {
  id: string;
  object: "price";
  active: true;
  currency: string;
  livemode: false;
  product: string;
  recurring: { interval: Interval; interval_count: number } | null;
  type: "one_time" | "recurring";
  unit_amount: number;
}

export interface SubscriptionItem {
  id: string;
  object: "subscription_item";
  created: number;
  current_period_end: number;
  current_period_start: number;
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
}

export interface Subscription {
  id: string;
  object: "subscription";
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: null; feedback: null; reason: "cancellation_requested" | "payment_failed" | null };
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  discounts: string[];
  ended_at: number | null;
  items: ApiList<SubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status: "active" | "past_due" | "canceled";
}

export interface InvoiceLine {
  id: string;
  object: "line_item";
  amount: number;
  currency: string;
  description: string;
  discountable: true;
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: "subscription_item_details";
    subscription_item_details: { invoice_item: null; proration: false; subscription: string; subscription_item: string };
  };
  period: { start: number; end: number };
  pricing: { type: "price_details"; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
  subscription: string;
}

export interface Invoice {
  id: string;
  object: "invoice";
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: "subscription_create" | "subscription_cycle";
  collection_method: "charge_automatically";
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  discounts: string[];
  lines: ApiList<InvoiceLine>;
  livemode: false;
  metadata: Metadata;
  number: string;
  parent: {
    type: "subscription_details";
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  payments: ApiList<{
    id: string;
    object: "invoice_payment";
    amount_paid: number;
    currency: string;
    invoice: string;
    is_default: true;
    payment: { type: "payment_intent"; payment_intent: string };
    status: "paid";
  }>;
  period_end: number;
  period_start: number;
  status: "paid" | "open";
  status_transitions: { finalized_at: number; paid_at: number | null };
  subtotal: number;
  total: number;
  total_discount_amounts: { amount: number; discount: string }[];
}

export type StripeObject = Coupon | CheckoutSession | Customer | PaymentIntent | Charge | Refund | Subscription | Invoice;

export interface StripeEvent {
  id: string;
  object: "event";
  api_version: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** The version stripe-node 23 pins; events carry it as Stripe's carry the account's. */
export const API_VERSION = "2026-10-28.endive";
