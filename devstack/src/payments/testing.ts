// A typed client for the payment fakes' test controls (/_fake/, devstack only: real Stripe and PayPal have nothing of
// the kind), for the api tests (Deno) and the e2e journeys (Node): pay a Stripe checkout session by card without the
// browser, renew or fail a subscription's renewal, approve a PayPal order, list and redeliver webhooks, and read the
// Stripe webhook signing secret. It uses fetch only, so both runtimes import it as it is.
//
//   const fakes = paymentFakes({ stripe: env.STRIPE_API_BASE, paypal: env.PAYPAL_API_BASE });
//   const paid = await fakes.stripe.payCheckoutSession(sessionId, { card: "4242424242424242" });

/** What a webhook delivery attempt got back from the endpoint (status null: it could not be reached). */
export interface WebhookDelivery {
  eventId: string;
  attempt: number;
  at: string;
  status: number | null;
  response: string;
}

export interface StripeEvent {
  id: string;
  object: "event";
  type: string;
  created: number;
  data: { object: Record<string, unknown> & { id: string; object: string }; previous_attributes?: Record<string, unknown> };
}

export interface PayPalEvent {
  id: string;
  event_type: string;
  resource_type: string;
  /** A capture (PAYMENT.CAPTURE.COMPLETED) or a refund (PAYMENT.CAPTURE.REFUNDED). */
  resource: Record<string, unknown> & {
    id: string;
    amount: { currency_code: string; value: string };
    custom_id?: string;
    supplementary_data?: { related_ids: { order_id: string } };
  };
}

/** The fields of a Checkout Session a test reads; the rest is there too, as Stripe sends it. */
export type CheckoutSession = Record<string, unknown> & {
  id: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid";
  amount_total: number;
  client_reference_id: string | null;
  customer: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  subscription: string | null;
};

export interface Delivered<Event> {
  event: Event;
  deliveries: WebhookDelivery[];
}

export type ThreeDSecure = "complete" | "fail";

export type CheckoutPayment =
  | { outcome: "succeeded"; session: CheckoutSession; events: Delivered<StripeEvent>[] }
  /** The card was refused (or is not a valid test card); the session stays open and payable. */
  | { outcome: "declined"; message: string; declineCode: string | null; session: CheckoutSession }
  /** A 3-D Secure card paid without `threeDSecure`: the session waits for authentication. */
  | { outcome: "requires_action"; session: CheckoutSession };

export interface StripeControls {
  /** The webhook endpoint the fake posts to and the whsec_ secret it signs with (paste it into the payments tab). */
  webhookEndpoint(): Promise<{ url: string; secret: string }>;
  /**
   * Pays an open checkout session as the hosted page would, then delivers its webhooks and answers once they were
   * delivered. `card` is a test card number (README, "Payments in devstack"); `threeDSecure` answers the
   * authentication a 3-D Secure card asks for.
   */
  payCheckoutSession(
    sessionId: string,
    payment: { card: string; expiry?: string; cvc?: string; threeDSecure?: ThreeDSecure },
  ): Promise<CheckoutPayment>;
  /** Every event raised so far, oldest first, optionally of one type, with its deliveries. */
  events(type?: string): Promise<Delivered<StripeEvent>[]>;
  /** Delivers an event again, signed anew, as Stripe does when an endpoint failed or a person resends it. */
  redeliver(eventId: string): Promise<Delivered<StripeEvent>>;
  /** Waits until no webhook delivery is under way (those raised by calls the api made, such as a refund). */
  settle(): Promise<void>;
  /**
   * Moves a subscription into its next period: invoice.paid (billing_reason subscription_cycle) and
   * customer.subscription.updated; one set to cancel at its period's end ends instead (customer.subscription.deleted).
   * A card that needs 3-D Secure on every payment (4000002760003184) makes this a failed renewal.
   */
  renewSubscription(subscriptionId: string): Promise<Delivered<StripeEvent>[]>;
  /** The renewal's payment fails: invoice.payment_failed and the subscription goes past_due. */
  failRenewal(subscriptionId: string): Promise<Delivered<StripeEvent>[]>;
}

export interface PayPalControls {
  /**
   * Approves an order as the buyer would on the approval page, and answers where PayPal sends the buyer back
   * (return_url?token=&PayerID=). With `declineCapture`, the capture that follows is declined (INSTRUMENT_DECLINED).
   */
  approveOrder(orderId: string, options?: { declineCapture?: boolean }): Promise<{ returnUrl: string | null; order: Record<string, unknown> }>;
  events(type?: string): Promise<Delivered<PayPalEvent>[]>;
  redeliver(eventId: string): Promise<Delivered<PayPalEvent>>;
  settle(): Promise<void>;
  /** Every access token issued so far stops working (401), as when they expire. */
  expireTokens(): Promise<void>;
}

export interface PaymentFakes {
  stripe: StripeControls;
  paypal: PayPalControls;
}

async function call<T>(base: string | undefined, name: string, method: string, path: string, body?: unknown): Promise<T> {
  if (!base) throw new Error(`The ${name} fake's URL is required (devstack gives it to tests as ${name.toUpperCase()}_API_BASE)`);
  const response = await fetch(`${base.replace(/\/+$/, "")}${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`The ${name} fake answered ${response.status} to ${method} ${path}: ${text}`);
  return JSON.parse(text) as T;
}

const query = (type?: string) => (type ? `?type=${encodeURIComponent(type)}` : "");

/** The controls of the fakes at these base URLs (STRIPE_API_BASE and PAYPAL_API_BASE in the tests' environment). */
export function paymentFakes(bases: { stripe?: string; paypal?: string }): PaymentFakes {
  const stripe = <T>(method: string, path: string, body?: unknown) => call<T>(bases.stripe, "stripe", method, path, body);
  const paypal = <T>(method: string, path: string, body?: unknown) => call<T>(bases.paypal, "paypal", method, path, body);
  const id = encodeURIComponent;
  return {
    stripe: {
      webhookEndpoint: () => stripe("GET", "/_fake/webhook-endpoint"),
      payCheckoutSession: (sessionId, payment) => stripe("POST", `/_fake/checkout/sessions/${id(sessionId)}/pay`, payment),
      events: (type) => stripe("GET", `/_fake/events${query(type)}`),
      redeliver: (eventId) => stripe("POST", `/_fake/events/${id(eventId)}/redeliver`),
      settle: () => stripe<unknown>("POST", "/_fake/settle").then(() => {}),
      renewSubscription: (subscriptionId) => stripe("POST", `/_fake/subscriptions/${id(subscriptionId)}/renew`),
      failRenewal: (subscriptionId) => stripe("POST", `/_fake/subscriptions/${id(subscriptionId)}/fail-renewal`),
    },
    paypal: {
      approveOrder: (orderId, options = {}) => paypal("POST", `/_fake/orders/${id(orderId)}/approve`, options),
      events: (type) => paypal("GET", `/_fake/events${query(type)}`),
      redeliver: (eventId) => paypal("POST", `/_fake/events/${id(eventId)}/redeliver`),
      settle: () => paypal<unknown>("POST", "/_fake/settle").then(() => {}),
      expireTokens: () => paypal<unknown>("POST", "/_fake/tokens/expire").then(() => {}),
    },
  };
}
