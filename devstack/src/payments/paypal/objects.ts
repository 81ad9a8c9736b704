// The PayPal objects the fake keeps (Orders v2 and Payments v2 shapes): money as {currency_code, value "12.00"},
// times as ISO strings, HATEOAS links on everything.

export interface Money {
  currency_code: string;
  value: string;
}

export interface Link {
  href: string;
  rel: string;
  method: "GET" | "POST" | "PATCH";
}

export interface Capture {
  id: string;
  status: "COMPLETED" | "PARTIALLY_REFUNDED" | "REFUNDED";
  amount: Money;
  final_capture: true;
  custom_id?: string;
  invoice_id?: string;
  seller_protection: { status: "ELIGIBLE"; dispute_categories: string[] };
  seller_receivable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money };
  supplementary_data: { related_ids: { order_id: string } };
  links: Link[];
  create_time: string;
  update_time: string;
}

export interface Refund {
  id: string;
  status: "COMPLETED";
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  seller_payable_breakdown: { gross_amount: Money; paypal_fee: Money; net_amount: Money; total_refunded_amount: Money };
  links: Link[];
  create_time: string;
  update_time: string;
}

export interface PurchaseUnit {
  reference_id: string;
  amount: Money & { breakdown?: unknown };
  custom_id?: string;
  invoice_id?: string;
  description?: string;
  payee: { email_address: string; merchant_id: string };
  payments?: { captures: Capture[] };
}

export interface Payer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}

export type OrderStatus = "CREATED" | "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";

export interface Order {
  id: string;
  intent: "CAPTURE";
  status: OrderStatus;
  purchase_units: PurchaseUnit[];
  payer?: Payer;
  payment_source?: { paypal: { email_address: string; account_id: string; account_status: "VERIFIED"; name: Payer["name"] } };
  create_time: string;
  update_time: string;
  links: Link[];
}

export interface PayPalEvent {
  id: string;
  event_version: "1.0";
  create_time: string;
  resource_type: "capture" | "refund";
  resource_version: "2.0";
  event_type: "PAYMENT.CAPTURE.COMPLETED" | "PAYMENT.CAPTURE.REFUNDED";
  summary: string;
  resource: Capture | Refund;
  links: Link[];
}

/** Cents from PayPal's "12.00". */
export function cents(value: string): number {
  const [whole, fraction = ""] = value.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** PayPal's "12.00" from cents. */
export function value(amount: number): string {
  return (amount / 100).toFixed(2);
}
