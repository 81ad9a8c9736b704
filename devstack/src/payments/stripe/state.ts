// What the fake Stripe account holds and how it changes: coupons, checkout sessions and what paying one creates
// (a payment intent and charge, or a customer, subscription and paid invoice), subscription renewals and failures,
// cancellations and refunds. Each change answers the events Stripe would send for it; the caller delivers them.
import { newCouponId, stripeId } from "../ids.ts";
import {
  AUTHENTICATION_FAILED_MESSAGE,
  DECLINE_MESSAGES,
  checkCard,
  type CardInput,
  type TestCard,
} from "../test-cards.ts";
import { invalidRequest, noSuchObject } from "./errors.ts";
import {
  API_VERSION,
  apiList,
  type CardDetails,
  type Charge,
  type CheckoutSession,
  type Coupon,
  type Customer,
  type Invoice,
  type LineItem,
  type Metadata,
  type PaymentIntent,
  type Refund,
  type StripeEvent,
  type StripeObject,
  type Subscription,
} from "./objects.ts";
import { addInterval } from "./periods.ts";

export interface NewCoupon {
  percentOff: number | null;
  amountOff: { amount: number; currency: string } | null;
  name: string | null;
  metadata: Metadata;
  id?: string;
}

export interface NewSession {
  mode: "payment" | "subscription";
  lineItem: LineItem;
  successUrl: string;
  cancelUrl: string | null;
  clientReferenceId: string | null;
  customerEmail: string | null;
  metadata: Metadata;
  couponId: string | null;
  paymentIntentMetadata: Metadata;
  subscriptionMetadata: Metadata;
}

export type PaymentOutcome =
  | { outcome: "succeeded"; session: CheckoutSession; events: StripeEvent[] }
  | { outcome: "declined"; message: string; declineCode: string | null; session: CheckoutSession }
  | { outcome: "requires_action"; session: CheckoutSession };

export type ThreeDSecure = "complete" | "fail";

/** Where the request that caused an event came from, as events name it. */
export interface RequestInfo {
  id: string | null;
  idempotencyKey: string | null;
}

const NO_REQUEST: RequestInfo = { id: null, idempotencyKey: null };

interface SessionState {
  lineItem: LineItem;
  couponId: string | null;
  paymentIntentMetadata: Metadata;
  subscriptionMetadata: Metadata;
  /** A 3-D Secure card waiting for the buyer to complete or fail authentication. */
  awaitingAuthentication: { card: TestCard; details: CardDetails } | null;
}

interface SubscriptionState {
  card: TestCard;
  details: CardDetails;
  paymentMethod: string;
  lineItem: LineItem;
  /** Periods begun since the anchor: period n runs from anchor + n intervals. */
  periods: number;
}

const SESSION_LIFETIME_SECONDS = 24 * 3600;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

type Kind = StripeObject["object"];
const KIND_NAMES: Record<Kind, string> = {
  coupon: "coupon",
  "checkout.session": "checkout.session",
  customer: "customer",
  payment_intent: "payment_intent",
  charge: "charge",
  refund: "refund",
  subscription: "subscription",
  invoice: "invoice",
};

export class StripeState {
  readonly #objects = new Map<string, StripeObject>();
  readonly #sessions = new Map<string, SessionState>();
  readonly #subscriptions = new Map<string, SubscriptionState>();
  #invoices = 0;

  /** `base` is the fake's own URL, for the hosted checkout page and receipts. */
  constructor(
    private readonly base: string,
    private readonly clock: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  get<K extends Kind>(id: string, kind: K): Extract<StripeObject, { object: K }> {
    const found = this.#objects.get(id);
    if (!found || found.object !== kind) throw noSuchObject(KIND_NAMES[kind], id);
    return found as Extract<StripeObject, { object: K }>;
  }

  /** Any object by its id (for expand). */
  find(id: string): StripeObject | undefined {
    return this.#objects.get(id);
  }

  #keep<T extends StripeObject>(object: T): T {
    this.#objects.set(object.id, object);
    return object;
  }

  #event(type: string, object: StripeObject, request: RequestInfo, previous?: Record<string, unknown>): StripeEvent {
    return {
      id: stripeId("evt", 24),
      object: "event",
      api_version: API_VERSION,
      created: this.clock(),
      // A snapshot, as Stripe's events hold the object as it was when the event happened.
      data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: request.id, idempotency_key: request.idempotencyKey },
      type,
    };
  }

  createCoupon(input: NewCoupon): Coupon {
    if (input.id && this.#objects.has(input.id)) {
      throw invalidRequest("Coupon already exists.", "id", "resource_already_exists");
    }
    return this.#keep({
      id: input.id ?? newCouponId(),
      object: "coupon",
      amount_off: input.amountOff?.amount ?? null,
      currency: input.amountOff?.currency ?? null,
      duration: "once",
      duration_in_months: null,
      percent_off: input.percentOff,
      name: input.name,
      metadata: input.metadata,
      created: this.clock(),
      livemode: false,
      max_redemptions: null,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    });
  }

  /** The discount a coupon gives on `subtotal`. */
  #discount(couponId: string | null, subtotal: number, currency: string): number {
    if (!couponId) return 0;
    const coupon = this.get(couponId, "coupon");
    if (coupon.percent_off !== null) return Math.round((subtotal * coupon.percent_off) / 100);
    if (coupon.currency !== currency) {
      throw invalidRequest(`The coupon's currency (${coupon.currency}) does not match the session's (${currency}).`, "discounts");
    }
    return Math.min(coupon.amount_off ?? 0, subtotal);
  }

  createSession(input: NewSession): CheckoutSession {
    const { lineItem } = input;
    if (input.mode === "subscription" && !lineItem.recurring) {
      throw invalidRequest("You must provide at least one recurring price in `subscription` mode when using prices.", "line_items");
    }
    if (input.mode === "payment" && lineItem.recurring) {
      throw invalidRequest(
        "You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.",
        "line_items",
      );
    }
    if (input.couponId) {
      try {
        this.get(input.couponId, "coupon");
      } catch {
        throw invalidRequest(`No such coupon: '${input.couponId}'`, "discounts[0][coupon]", "resource_missing");
      }
    }
    const subtotal = lineItem.unitAmount * lineItem.quantity;
    const discount = this.#discount(input.couponId, subtotal, lineItem.currency);
    const id = stripeId("cs_test", 58);
    const created = this.clock();
    this.#sessions.set(id, {
      lineItem,
      couponId: input.couponId,
      paymentIntentMetadata: input.paymentIntentMetadata,
      subscriptionMetadata: input.subscriptionMetadata,
      awaitingAuthentication: null,
    });
    return this.#keep({
      id,
      object: "checkout.session",
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      cancel_url: input.cancelUrl,
      client_reference_id: input.clientReferenceId,
      created,
      currency: lineItem.currency,
      customer: null,
      customer_creation: input.mode === "payment" ? "if_required" : null,
      customer_details: null,
      customer_email: input.customerEmail,
      discounts: input.couponId ? [{ coupon: input.couponId, promotion_code: null }] : [],
      expires_at: created + SESSION_LIFETIME_SECONDS,
      invoice: null,
      livemode: false,
      metadata: input.metadata,
      mode: input.mode,
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      subscription: null,
      success_url: input.successUrl,
      total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted",
      url: `${this.base}/c/pay/${id}`,
    });
  }

  /** The open session and what the page needs to show it. */
  openSession(id: string): { session: CheckoutSession; lineItem: LineItem; awaitingAuthentication: boolean } {
    const session = this.get(id, "checkout.session");
    const state = this.#sessions.get(id)!;
    return { session, lineItem: state.lineItem, awaitingAuthentication: state.awaitingAuthentication !== null };
  }

  /** Pays an open session with a card, as the hosted page's Pay button does. */
  pay(sessionId: string, card: CardInput, email: string | null, threeDSecure?: ThreeDSecure): PaymentOutcome {
    const session = this.#payable(sessionId);
    const state = this.#sessions.get(sessionId)!;
    const checked = checkCard(card, new Date(this.clock() * 1000));
    if (!checked.ok) return { outcome: "declined", message: checked.message, declineCode: null, session };
    const { behaviour } = checked.card;
    if (behaviour.kind === "declined") {
      return { outcome: "declined", message: DECLINE_MESSAGES[behaviour.declineCode], declineCode: behaviour.declineCode, session };
    }
    const details: CardDetails = {
      brand: checked.card.brand,
      last4: checked.card.number.slice(-4),
      exp_month: checked.expMonth,
      exp_year: checked.expYear,
    };
    if (email) session.customer_details = { email, name: null };
    if (behaviour.kind === "requires_authentication") {
      state.awaitingAuthentication = { card: checked.card, details };
      if (!threeDSecure) return { outcome: "requires_action", session };
      return this.authenticate(sessionId, threeDSecure);
    }
    return { outcome: "succeeded", session, events: this.#complete(session, state, checked.card, details) };
  }

  /** The buyer's answer to 3-D Secure: completing it pays the session, failing it leaves the session payable. */
  authenticate(sessionId: string, result: ThreeDSecure): PaymentOutcome {
    const session = this.#payable(sessionId);
    const state = this.#sessions.get(sessionId)!;
    const waiting = state.awaitingAuthentication;
    if (!waiting) throw invalidRequest("This Checkout Session has no payment waiting for authentication.");
    state.awaitingAuthentication = null;
    if (result === "fail") return { outcome: "declined", message: AUTHENTICATION_FAILED_MESSAGE, declineCode: null, session };
    return { outcome: "succeeded", session, events: this.#complete(session, state, waiting.card, waiting.details) };
  }

  #payable(sessionId: string): CheckoutSession {
    const session = this.get(sessionId, "checkout.session");
    if (session.status !== "open") {
      throw invalidRequest(`This Checkout Session is no longer active (its status is ${session.status}).`, undefined, "checkout_session_not_open");
    }
    return session;
  }

  #charge(amount: number, currency: string, customer: string | null, email: string | null, paymentMethod: string,
    details: CardDetails, metadata: Metadata, description: string): PaymentIntent {
    const created = this.clock();
    const intent = stripeId("pi", 24);
    const charge = this.#keep<Charge>({
      id: stripeId("ch", 24),
      object: "charge",
      amount,
      amount_captured: amount,
      amount_refunded: 0,
      billing_details: { email },
      captured: true,
      created,
      currency,
      customer,
      description,
      livemode: false,
      metadata,
      outcome: { network_status: "approved_by_network", seller_message: "Payment complete.", type: "authorized" },
      paid: true,
      payment_intent: intent,
      payment_method: paymentMethod,
      payment_method_details: { type: "card", card: details },
      receipt_url: "",
      refunded: false,
      status: "succeeded",
    });
    charge.receipt_url = `${this.base}/receipts/${charge.id}`;
    return this.#keep<PaymentIntent>({
      id: intent,
      object: "payment_intent",
      amount,
      amount_received: amount,
      created,
      currency,
      customer,
      description,
      latest_charge: charge.id,
      livemode: false,
      metadata,
      payment_method: paymentMethod,
      status: "succeeded",
    });
  }

  #complete(session: CheckoutSession, state: SessionState, card: TestCard, details: CardDetails): StripeEvent[] {
    const email = session.customer_details?.email ?? session.customer_email;
    const paymentMethod = stripeId("pm", 24);
    if (state.couponId) this.get(state.couponId, "coupon").times_redeemed += 1;
    Object.assign(session, {
      status: "complete",
      payment_status: "paid",
      customer_details: { email, name: null },
      url: null,
    });
    if (session.mode === "payment") {
      const intent = this.#charge(session.amount_total, session.currency, null, email, paymentMethod, details,
        state.paymentIntentMetadata, state.lineItem.name);
      session.payment_intent = intent.id;
      return [this.#event("checkout.session.completed", session, NO_REQUEST)];
    }

    const customer = this.#keep<Customer>({
      id: stripeId("cus", 14),
      object: "customer",
      created: this.clock(),
      email,
      livemode: false,
      metadata: {},
      name: null,
    });
    const subscription = this.#newSubscription(customer, state);
    this.#subscriptions.set(subscription.id, { card, details, paymentMethod, lineItem: state.lineItem, periods: 0 });
    const invoice = this.#invoice(subscription, "subscription_create", state.couponId);
    this.#payInvoice(invoice, subscription);
    session.customer = customer.id;
    session.subscription = subscription.id;
    session.invoice = invoice.id;
    return [this.#event("checkout.session.completed", session, NO_REQUEST), this.#event("invoice.paid", invoice, NO_REQUEST)];
  }

  #newSubscription(customer: Customer, state: SessionState): Subscription {
    const { lineItem } = state;
    const recurring = lineItem.recurring!;
    const now = this.clock();
    const id = stripeId("sub", 24);
    const product = stripeId("prod", 14);
    return this.#keep<Subscription>({
      id,
      object: "subscription",
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: "charge_automatically",
      created: now,
      currency: lineItem.currency,
      customer: customer.id,
      discounts: [],
      ended_at: null,
      items: apiList(
        [
          {
            id: stripeId("si", 14),
            object: "subscription_item",
            created: now,
            current_period_start: now,
            current_period_end: addInterval(now, recurring.interval, recurring.intervalCount),
            metadata: {},
            price: {
              id: stripeId("price", 24),
              object: "price",
              active: true,
              currency: lineItem.currency,
              livemode: false,
              product,
              recurring: { interval: recurring.interval, interval_count: recurring.intervalCount },
              type: "recurring",
              unit_amount: lineItem.unitAmount,
            },
            quantity: lineItem.quantity,
            subscription: id,
          },
        ],
        `/v1/subscription_items?subscription=${id}`,
      ),
      latest_invoice: null,
      livemode: false,
      metadata: state.subscriptionMetadata,
      start_date: now,
      status: "active",
    });
  }

  /** An open invoice for the subscription's current period. */
  #invoice(subscription: Subscription, reason: Invoice["billing_reason"], couponId: string | null): Invoice {
    const item = subscription.items.data[0]!;
    const { lineItem } = this.#subscriptions.get(subscription.id)!;
    const subtotal = lineItem.unitAmount * lineItem.quantity;
    const discount = this.#discount(couponId, subtotal, lineItem.currency);
    const id = stripeId("in", 24);
    const discountId = couponId ? stripeId("di", 24) : null;
    const now = this.clock();
    this.#invoices += 1;
    const interval = item.price.recurring!.interval;
    const invoice = this.#keep<Invoice>({
      id,
      object: "invoice",
      amount_due: subtotal - discount,
      amount_paid: 0,
      amount_remaining: subtotal - discount,
      attempt_count: 0,
      attempted: false,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created: now,
      currency: lineItem.currency,
      customer: subscription.customer,
      customer_email: (this.#objects.get(subscription.customer) as Customer | undefined)?.email ?? null,
      discounts: discountId ? [discountId] : [],
      lines: apiList(
        [
          {
            id: stripeId("il", 24),
            object: "line_item",
            amount: subtotal,
            currency: lineItem.currency,
            description: `${lineItem.quantity} × ${lineItem.name} (at ${dollars(lineItem.unitAmount)} / ${interval})`,
            discountable: true,
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: "subscription_item_details",
              subscription_item_details: { invoice_item: null, proration: false, subscription: subscription.id, subscription_item: item.id },
            },
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              type: "price_details",
              price_details: { price: item.price.id, product: item.price.product },
              unit_amount_decimal: String(lineItem.unitAmount),
            },
            quantity: lineItem.quantity,
            subscription: subscription.id,
          },
        ],
        `/v1/invoices/${id}/lines`,
      ),
      livemode: false,
      metadata: {},
      number: `FAKE-${String(this.#invoices).padStart(4, "0")}`,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { metadata: { ...subscription.metadata }, subscription: subscription.id },
      },
      payments: apiList([], `/v1/invoice_payments?invoice=${id}`),
      period_end: item.current_period_start,
      period_start: item.current_period_start,
      status: "open",
      status_transitions: { finalized_at: now, paid_at: null },
      subtotal,
      total: subtotal - discount,
      total_discount_amounts: discountId ? [{ amount: discount, discount: discountId }] : [],
    });
    subscription.latest_invoice = id;
    return invoice;
  }

  #payInvoice(invoice: Invoice, subscription: Subscription): void {
    const state = this.#subscriptions.get(subscription.id)!;
    const intent = this.#charge(invoice.amount_due, invoice.currency, subscription.customer, invoice.customer_email,
      state.paymentMethod, state.details, {}, "Subscription update");
    Object.assign(invoice, {
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempt_count: invoice.attempt_count + 1,
      attempted: true,
      status: "paid",
      status_transitions: { ...invoice.status_transitions, paid_at: this.clock() },
    });
    invoice.payments.data.push({
      id: stripeId("inpay", 24),
      object: "invoice_payment",
      amount_paid: invoice.amount_due,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      payment: { type: "payment_intent", payment_intent: intent.id },
      status: "paid",
    });
  }

  #subscription(id: string): Subscription {
    const subscription = this.get(id, "subscription");
    if (subscription.status === "canceled") {
      throw invalidRequest(`This subscription is canceled: ${id}`, undefined, "subscription_canceled");
    }
    return subscription;
  }

  /** The renewal Stripe makes at a period's end: a new period and its paid invoice, or the end of a subscription
   * set to cancel. A past-due subscription's open invoice is paid instead (Stripe's retry that succeeds). */
  renew(id: string): StripeEvent[] {
    const subscription = this.#subscription(id);
    const state = this.#subscriptions.get(id)!;
    if (state.card.behaviour.kind === "requires_authentication" && state.card.behaviour.everyPayment) return this.failRenewal(id);
    if (subscription.status === "past_due") {
      const invoice = this.get(subscription.latest_invoice!, "invoice");
      this.#payInvoice(invoice, subscription);
      subscription.status = "active";
      return [
        this.#event("invoice.paid", invoice, NO_REQUEST),
        this.#event("customer.subscription.updated", subscription, NO_REQUEST, { status: "past_due" }),
      ];
    }
    if (subscription.cancel_at_period_end) {
      const previous = { status: subscription.status };
      Object.assign(subscription, { status: "canceled", ended_at: subscription.items.data[0]!.current_period_end });
      return [this.#event("customer.subscription.deleted", subscription, NO_REQUEST, previous)];
    }
    const previous = this.#nextPeriod(subscription, state);
    const invoice = this.#invoice(subscription, "subscription_cycle", null);
    this.#payInvoice(invoice, subscription);
    return [
      this.#event("invoice.paid", invoice, NO_REQUEST),
      this.#event("customer.subscription.updated", subscription, NO_REQUEST, previous),
    ];
  }

  /** The renewal's payment fails: the period moves on (Stripe opens the invoice at the period's start), the invoice
   * stays open and the subscription is past due. Failing again retries the same invoice. */
  failRenewal(id: string): StripeEvent[] {
    const subscription = this.#subscription(id);
    const state = this.#subscriptions.get(id)!;
    let invoice: Invoice;
    let previous: Record<string, unknown>;
    if (subscription.status === "past_due") {
      invoice = this.get(subscription.latest_invoice!, "invoice");
      previous = {};
    } else {
      previous = { ...this.#nextPeriod(subscription, state), status: subscription.status };
      invoice = this.#invoice(subscription, "subscription_cycle", null);
      subscription.status = "past_due";
    }
    Object.assign(invoice, { attempted: true, attempt_count: invoice.attempt_count + 1 });
    const events = [this.#event("invoice.payment_failed", invoice, NO_REQUEST)];
    if (Object.keys(previous).length > 0) events.push(this.#event("customer.subscription.updated", subscription, NO_REQUEST, previous));
    return events;
  }

  #nextPeriod(subscription: Subscription, state: SubscriptionState): Record<string, unknown> {
    const item = subscription.items.data[0]!;
    const previousItems = structuredClone(subscription.items);
    const { interval, intervalCount } = state.lineItem.recurring!;
    state.periods += 1;
    item.current_period_start = item.current_period_end;
    // Counted from the anchor, so a subscription started on the 31st comes back to the 31st after a short month.
    item.current_period_end = addInterval(subscription.billing_cycle_anchor, interval, intervalCount * (state.periods + 1));
    return { items: previousItems, latest_invoice: subscription.latest_invoice };
  }

  updateSubscription(id: string, changes: { cancelAtPeriodEnd?: boolean; metadata?: Record<string, string> },
    request: RequestInfo): { subscription: Subscription; events: StripeEvent[] } {
    const subscription = this.#subscription(id);
    const previous: Record<string, unknown> = {};
    if (changes.cancelAtPeriodEnd !== undefined && changes.cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      Object.assign(previous, {
        cancel_at_period_end: subscription.cancel_at_period_end,
        cancel_at: subscription.cancel_at,
        canceled_at: subscription.canceled_at,
        cancellation_details: { ...subscription.cancellation_details },
      });
      const cancel = changes.cancelAtPeriodEnd;
      Object.assign(subscription, {
        cancel_at_period_end: cancel,
        cancel_at: cancel ? subscription.items.data[0]!.current_period_end : null,
        canceled_at: cancel ? this.clock() : null,
        cancellation_details: { comment: null, feedback: null, reason: cancel ? "cancellation_requested" : null },
      });
    }
    if (changes.metadata) {
      previous.metadata = { ...subscription.metadata };
      // An empty value removes the key, as on Stripe.
      for (const [key, value] of Object.entries(changes.metadata)) {
        if (value === "") delete subscription.metadata[key];
        else subscription.metadata[key] = value;
      }
    }
    const events = Object.keys(previous).length > 0
      ? [this.#event("customer.subscription.updated", subscription, request, previous)]
      : [];
    return { subscription, events };
  }

  /** Cancels at once (DELETE /v1/subscriptions/:id). */
  cancelSubscription(id: string, request: RequestInfo): { subscription: Subscription; events: StripeEvent[] } {
    const subscription = this.#subscription(id);
    const previous = { status: subscription.status };
    const now = this.clock();
    Object.assign(subscription, {
      status: "canceled",
      canceled_at: now,
      ended_at: now,
      cancellation_details: { comment: null, feedback: null, reason: "cancellation_requested" },
    });
    return { subscription, events: [this.#event("customer.subscription.deleted", subscription, request, previous)] };
  }

  refund(input: { paymentIntent?: string; charge?: string; amount?: number; reason?: string; metadata: Metadata },
    request: RequestInfo): { refund: Refund; events: StripeEvent[] } {
    let charge: Charge;
    if (input.charge) {
      charge = this.get(input.charge, "charge");
      if (input.paymentIntent && charge.payment_intent !== input.paymentIntent) {
        throw invalidRequest(`Charge ${charge.id} does not belong to PaymentIntent ${input.paymentIntent}.`, "charge");
      }
    } else if (input.paymentIntent) {
      charge = this.get(this.get(input.paymentIntent, "payment_intent").latest_charge, "charge");
    } else {
      throw invalidRequest("One of the following params should be provided for this request: payment_intent or charge.");
    }
    const unrefunded = charge.amount - charge.amount_refunded;
    if (unrefunded === 0) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, undefined, "charge_already_refunded");
    }
    const amount = input.amount ?? unrefunded;
    if (amount > unrefunded) {
      throw invalidRequest(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(unrefunded)})`,
        "amount",
        "amount_too_large",
      );
    }
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund = this.#keep<Refund>({
      id: stripeId("re", 24),
      object: "refund",
      amount,
      charge: charge.id,
      created: this.clock(),
      currency: charge.currency,
      metadata: input.metadata,
      payment_intent: charge.payment_intent,
      reason: input.reason ?? null,
      status: "succeeded",
    });
    return { refund, events: [this.#event("charge.refunded", charge, request, previous)] };
  }
}

