// What the fake PayPal account holds and how it changes: access tokens, orders and their approval, captures (with the
// capture failure a buyer's funding can cause) and refunds. Each change that PayPal notifies answers its event.
import { randomBytes } from "node:crypto";
import { paypalId } from "../ids.ts";
import { notFound, unprocessable, PayPalApiError } from "./errors.ts";
import { cents, value, type Capture, type Link, type Money, type Order, type PayPalEvent, type Payer, type Refund } from "./objects.ts";

export interface NewOrder {
  unit: { reference_id?: string; amount: Money & { breakdown?: unknown }; custom_id?: string; invoice_id?: string; description?: string };
  returnUrl: string | null;
  cancelUrl: string | null;
  /** Orders made with payment_source.paypal ask for payer action (rel payer-action); others wait for approval
   * (rel approve), as PayPal answers each. */
  withPaymentSource: boolean;
}

interface OrderState {
  returnUrl: string | null;
  cancelUrl: string | null;
  /** The buyer chose "Approve, then decline the capture": the funding fails when the merchant captures. */
  declineCapture: boolean;
}

const MERCHANT = { email_address: "merchant@mailscout.test", merchant_id: "FAKEMERCHANT01" };
const BUYER_NAME = { given_name: "Test", surname: "Buyer" };

/** PayPal's US fee for a domestic checkout: 3.49% plus 49 cents. */
const fee = (amount: number) => Math.round(amount * 0.0349) + 49;

/** A declined capture: PayPal's 422 with a link to send the buyer back to choose another way to pay. */
export class DeclinedCapture extends PayPalApiError {
  constructor(error: PayPalApiError, readonly redirect: Link) {
    super(error.status, error.name, error.message, error.details);
  }

  override toJSON() {
    const body = super.toJSON();
    return { ...body, links: [...body.links, this.redirect] };
  }
}

export class PayPalState {
  readonly #tokens = new Set<string>();
  readonly #orders = new Map<string, Order>();
  readonly #orderStates = new Map<string, OrderState>();
  readonly #captures = new Map<string, Capture>();
  readonly #refunds = new Map<string, Refund>();

  constructor(
    private readonly base: string,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  #now(): string {
    return this.clock().toISOString().replace(/\.\d{3}Z$/, "Z");
  }

  issueToken(): string {
    const token = `A21AA${randomBytes(48).toString("base64url")}`;
    this.#tokens.add(token);
    return token;
  }

  tokenValid(token: string): boolean {
    return this.#tokens.has(token);
  }

  expireTokens(): void {
    this.#tokens.clear();
  }

  approvalUrl(orderId: string): string {
    return `${this.base}/checkoutnow?token=${orderId}`;
  }

  createOrder(input: NewOrder): Order {
    const id = paypalId();
    const now = this.#now();
    const order: Order = {
      id,
      intent: "CAPTURE",
      status: input.withPaymentSource ? "PAYER_ACTION_REQUIRED" : "CREATED",
      purchase_units: [{ reference_id: input.unit.reference_id ?? "default", ...input.unit, payee: MERCHANT }],
      create_time: now,
      update_time: now,
      links: [
        { href: `${this.base}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
        { href: this.approvalUrl(id), rel: input.withPaymentSource ? "payer-action" : "approve", method: "GET" },
        { href: `${this.base}/v2/checkout/orders/${id}`, rel: "update", method: "PATCH" },
        { href: `${this.base}/v2/checkout/orders/${id}/capture`, rel: "capture", method: "POST" },
      ],
    };
    this.#orders.set(id, order);
    this.#orderStates.set(id, { returnUrl: input.returnUrl, cancelUrl: input.cancelUrl, declineCapture: false });
    return order;
  }

  order(id: string): Order {
    const order = this.#orders.get(id);
    if (!order) throw notFound();
    return order;
  }

  /** The buyer approves on the approval page; answers where PayPal sends them back (null: no return_url). */
  approve(id: string, declineCapture: boolean): string | null {
    const order = this.order(id);
    if (order.status === "COMPLETED") throw unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured.");
    const payer: Payer = {
      name: BUYER_NAME,
      email_address: "buyer@paypal.example.com",
      payer_id: order.payer?.payer_id ?? paypalId(13),
      address: { country_code: "US" },
    };
    Object.assign(order, {
      status: "APPROVED",
      payer,
      payment_source: {
        paypal: { email_address: payer.email_address, account_id: payer.payer_id, account_status: "VERIFIED", name: BUYER_NAME },
      },
      update_time: this.#now(),
    });
    const state = this.#orderStates.get(id)!;
    state.declineCapture = declineCapture;
    return state.returnUrl ? withQuery(state.returnUrl, { token: id, PayerID: payer.payer_id }) : null;
  }

  /** Where a buyer who cancels goes (null: no cancel_url). The order stays as it was. */
  cancelUrl(id: string): string | null {
    this.order(id);
    const { cancelUrl } = this.#orderStates.get(id)!;
    return cancelUrl ? withQuery(cancelUrl, { token: id }) : null;
  }

  capture(id: string): { order: Order; events: PayPalEvent[] } {
    const order = this.order(id);
    if (order.status === "CREATED" || order.status === "PAYER_ACTION_REQUIRED") {
      throw unprocessable(
        "ORDER_NOT_APPROVED",
        "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
      );
    }
    if (order.status === "COMPLETED") {
      throw unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
    }
    if (this.#orderStates.get(id)!.declineCapture) {
      const error = unprocessable(
        "INSTRUMENT_DECLINED",
        "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
      );
      // PayPal's answer names where to send the buyer to choose another way to pay.
      throw new DeclinedCapture(error, { href: this.approvalUrl(id), rel: "redirect", method: "GET" });
    }
    const unit = order.purchase_units[0]!;
    const amount = cents(unit.amount.value);
    const now = this.#now();
    const captureId = paypalId();
    const capture: Capture = {
      id: captureId,
      status: "COMPLETED",
      amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
      final_capture: true,
      ...(unit.custom_id !== undefined ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id !== undefined ? { invoice_id: unit.invoice_id } : {}),
      seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
      seller_receivable_breakdown: {
        gross_amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        paypal_fee: { currency_code: unit.amount.currency_code, value: value(fee(amount)) },
        net_amount: { currency_code: unit.amount.currency_code, value: value(amount - fee(amount)) },
      },
      supplementary_data: { related_ids: { order_id: id } },
      links: [
        { href: `${this.base}/v2/payments/captures/${captureId}`, rel: "self", method: "GET" },
        { href: `${this.base}/v2/payments/captures/${captureId}/refund`, rel: "refund", method: "POST" },
        { href: `${this.base}/v2/checkout/orders/${id}`, rel: "up", method: "GET" },
      ],
      create_time: now,
      update_time: now,
    };
    this.#captures.set(captureId, capture);
    unit.payments = { captures: [capture] };
    Object.assign(order, { status: "COMPLETED", update_time: now });
    order.links = order.links.filter((link) => link.rel === "self");
    const summary = `Payment completed for ${unit.amount.currency_code} ${unit.amount.value}`;
    return { order, events: [this.#event("PAYMENT.CAPTURE.COMPLETED", "capture", capture, summary)] };
  }

  getCapture(id: string): Capture {
    const capture = this.#captures.get(id);
    if (!capture) throw notFound();
    return capture;
  }

  getRefund(id: string): Refund {
    const refund = this.#refunds.get(id);
    if (!refund) throw notFound();
    return refund;
  }

  refund(captureId: string, input: { amount?: Money; invoice_id?: string; note_to_payer?: string; custom_id?: string }):
    { refund: Refund; events: PayPalEvent[] } {
    const capture = this.getCapture(captureId);
    const refunded = [...this.#refunds.values()]
      .filter((refund) => refund.links.some((link) => link.rel === "up" && link.href.endsWith(`/captures/${captureId}`)))
      .reduce((sum, refund) => sum + cents(refund.amount.value), 0);
    const captured = cents(capture.amount.value);
    if (refunded >= captured) throw unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded");
    if (input.amount && input.amount.currency_code !== capture.amount.currency_code) {
      throw unprocessable("CURRENCY_MISMATCH", "The currency of the refund must be the same as the currency of the capture.");
    }
    const amount = input.amount ? cents(input.amount.value) : captured - refunded;
    if (amount > captured - refunded) {
      throw unprocessable("REFUND_AMOUNT_EXCEEDED", "The refund amount must be less than or equal to the capture amount that has not yet been refunded.");
    }
    const currency = capture.amount.currency_code;
    const money = (cents: number): Money => ({ currency_code: currency, value: value(cents) });
    const now = this.#now();
    const id = paypalId();
    const refundFee = Math.round((fee(captured) * amount) / captured);
    const refund: Refund = {
      id,
      status: "COMPLETED",
      amount: money(amount),
      ...((input.custom_id ?? capture.custom_id) !== undefined ? { custom_id: input.custom_id ?? capture.custom_id } : {}),
      ...((input.invoice_id ?? capture.invoice_id) !== undefined ? { invoice_id: input.invoice_id ?? capture.invoice_id } : {}),
      ...(input.note_to_payer !== undefined ? { note_to_payer: input.note_to_payer } : {}),
      seller_payable_breakdown: {
        gross_amount: money(amount),
        paypal_fee: money(refundFee),
        net_amount: money(amount - refundFee),
        total_refunded_amount: money(refunded + amount),
      },
      links: [
        { href: `${this.base}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
        { href: `${this.base}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
      ],
      create_time: now,
      update_time: now,
    };
    this.#refunds.set(id, refund);
    Object.assign(capture, { status: refunded + amount === captured ? "REFUNDED" : "PARTIALLY_REFUNDED", update_time: now });
    const summary = `A ${currency} ${value(amount)} capture payment was refunded`;
    return { refund, events: [this.#event("PAYMENT.CAPTURE.REFUNDED", "refund", refund, summary)] };
  }

  #event(type: PayPalEvent["event_type"], resourceType: PayPalEvent["resource_type"], resource: Capture | Refund, summary: string): PayPalEvent {
    const id = `WH-${paypalId()}-${paypalId()}`;
    const links: Link[] = [
      { href: `${this.base}/v1/notifications/webhooks-events/${id}`, rel: "self", method: "GET" },
      { href: `${this.base}/v1/notifications/webhooks-events/${id}/resend`, rel: "resend", method: "POST" },
    ];
    return {
      id,
      event_version: "1.0",
      create_time: this.#now(),
      resource_type: resourceType,
      resource_version: "2.0",
      event_type: type,
      summary,
      resource: structuredClone(resource),
      links,
    };
  }
}

function withQuery(url: string, params: Record<string, string>): string {
  const parsed = new URL(url);
  for (const [key, param] of Object.entries(params)) parsed.searchParams.set(key, param);
  return parsed.toString();
}
