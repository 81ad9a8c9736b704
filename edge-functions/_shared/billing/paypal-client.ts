// PayPal's REST API over fetch at PAYPAL_API_BASE (the real API, or devstack's fake): an OAuth access token from the
// client credentials, then Orders v2 (create, read, capture) and captures (read, refund). Every write carries a
// PayPal-Request-Id, so a retried call is done once. Answers are parsed with zod: only what PayPal says counts.
import { z } from "zod";
import { env } from "../env.ts";
import { DomainError } from "../errors.ts";

const CALL_TIMEOUT_MS = 15_000;

export interface PaypalCredentials {
  clientId: string;
  clientSecret: string;
}

export interface PaypalSettings extends PaypalCredentials {
  apiBase: string;
}

export function paypalSettings(credentials: PaypalCredentials, apiBase = env().PAYPAL_API_BASE): PaypalSettings {
  return { ...credentials, apiBase: apiBase.replace(/\/+$/, "") };
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().int().positive() });

const amountSchema = z.object({ currency_code: z.string(), value: z.string() });
const captureSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: amountSchema.optional(),
  custom_id: z.string().optional(),
  supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional(),
});
export type PaypalCapture = z.infer<typeof captureSchema>;

const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(z.object({ rel: z.string(), href: z.string() })).default([]),
  purchase_units: z.array(z.object({
    reference_id: z.string().optional(),
    custom_id: z.string().optional(),
    amount: amountSchema.optional(),
    payments: z.object({ captures: z.array(captureSchema).default([]) }).optional(),
  })).default([]),
});
export type PaypalOrder = z.infer<typeof orderSchema>;

const failureSchema = z.object({
  name: z.string().optional(),
  details: z.array(z.object({ issue: z.string() })).optional(),
});

/** Issues PayPal answers when the buyer's funding was refused: nothing was taken. */
const DECLINED_ISSUES = new Set(["INSTRUMENT_DECLINED", "PAYER_ACTION_REQUIRED", "TRANSACTION_REFUSED"]);

/** A token is reused until a minute before it expires: one OAuth round trip per instance and hour, not per call. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

async function accessToken(settings: PaypalSettings): Promise<string> {
  const key = `${settings.apiBase} ${settings.clientId}`;
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const response = await send(settings, "/v1/oauth2/token", {
    method: "POST",
    headers: {
      Authorization: `Basic ${btoa(`${settings.clientId}:${settings.clientSecret}`)}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  });
  const parsed = tokenSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) throw unavailable(`OAuth token: ${response.status}`);
  tokens.set(key, { token: parsed.data.access_token, expiresAt: Date.now() + (parsed.data.expires_in - 60) * 1000 });
  return parsed.data.access_token;
}

function unavailable(problem: string, cause?: unknown): DomainError {
  return new DomainError("provider_unavailable", { provider: "paypal", problem }, { cause });
}

async function send(settings: PaypalSettings, path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(`${settings.apiBase}${path}`, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    throw unavailable(`${path}: ${(error as Error).message}`, error);
  }
}

async function call<T extends z.ZodType>(
  settings: PaypalSettings,
  path: string,
  schema: T,
  init: { method?: string; body?: unknown; requestId?: string } = {},
): Promise<z.output<T>> {
  const response = await send(settings, path, {
    method: init.method ?? "GET",
    headers: {
      Authorization: `Bearer ${await accessToken(settings)}`,
      "Content-Type": "application/json",
      Prefer: "return=representation",
      ...(init.requestId ? { "PayPal-Request-Id": init.requestId } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw unavailable(`${path}: an answer of an unexpected shape`);
    return parsed.data;
  }
  const failure = failureSchema.safeParse(json);
  const issues = failure.success ? failure.data.details?.map((detail) => detail.issue) ?? [] : [];
  if (response.status === 422 && issues.some((issue) => DECLINED_ISSUES.has(issue))) {
    throw new DomainError("payment_declined", { provider: "paypal" });
  }
  if (response.status === 404) throw new DomainError("payment_not_found");
  throw unavailable(`${path}: ${response.status} ${failure.success ? failure.data.name ?? "" : ""} ${issues.join(",")}`);
}

/** Dollars as PayPal writes them ("12.00") from whole cents, and back. */
export function paypalValue(cents: number): string {
  return (cents / 100).toFixed(2);
}

export function centsOf(value: string): number {
  return Math.round(Number.parseFloat(value) * 100);
}

export interface OrderRequest {
  paymentId: string;
  description: string;
  amountCents: number;
  returnUrl: string;
  cancelUrl: string;
}

/** The Orders v2 body for one credit block: captured at once, in USD, tied to the payment by its id. */
export function orderBody(order: OrderRequest) {
  return {
    intent: "CAPTURE",
    purchase_units: [{
      reference_id: order.paymentId,
      custom_id: order.paymentId,
      description: order.description,
      amount: { currency_code: "USD", value: paypalValue(order.amountCents) },
    }],
    payment_source: {
      paypal: {
        experience_context: {
          brand_name: "MailScout",
          shipping_preference: "NO_SHIPPING",
          user_action: "PAY_NOW",
          return_url: order.returnUrl,
          cancel_url: order.cancelUrl,
        },
      },
    },
  };
}

/** Where the buyer approves the order: PayPal's payer-action link (approve, in older answers). */
export function approvalUrl(order: PaypalOrder): string | null {
  return order.links.find((link) => link.rel === "payer-action" || link.rel === "approve")?.href ?? null;
}

/** The order's capture, when it has one. */
export function captureOf(order: PaypalOrder): PaypalCapture | null {
  return order.purchase_units[0]?.payments?.captures[0] ?? null;
}

/** The payment an order or capture names (custom_id is ours, set at creation). */
export function paymentIdOf(order: PaypalOrder): string | null {
  return order.purchase_units[0]?.custom_id ?? order.purchase_units[0]?.reference_id ?? null;
}

export async function createOrder(settings: PaypalSettings, order: OrderRequest): Promise<PaypalOrder> {
  return await call(settings, "/v2/checkout/orders", orderSchema, {
    method: "POST",
    body: orderBody(order),
    requestId: `order-${order.paymentId}`,
  });
}

export async function readOrder(settings: PaypalSettings, orderId: string): Promise<PaypalOrder> {
  return await call(settings, `/v2/checkout/orders/${encodeURIComponent(orderId)}`, orderSchema);
}

/** Captures an approved order; the same payment's second capture is PayPal's first answer again. */
export async function captureOrder(settings: PaypalSettings, orderId: string, paymentId: string): Promise<PaypalOrder> {
  return await call(settings, `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, orderSchema, {
    method: "POST",
    body: {},
    requestId: `capture-${paymentId}`,
  });
}

export async function readCapture(settings: PaypalSettings, captureId: string): Promise<PaypalCapture> {
  return await call(settings, `/v2/payments/captures/${encodeURIComponent(captureId)}`, captureSchema);
}

const refundSchema = z.object({ id: z.string(), links: z.array(z.object({ rel: z.string(), href: z.string() })).default([]) });

/** The capture a refund gave money back from (its "up" link), as PayPal tells it. */
export async function capturedOfRefund(settings: PaypalSettings, refundId: string): Promise<string | null> {
  const refund = await call(settings, `/v2/payments/refunds/${encodeURIComponent(refundId)}`, refundSchema);
  const up = refund.links.find((link) => link.rel === "up")?.href;
  return up?.match(/\/v2\/payments\/captures\/([A-Za-z0-9-]+)$/)?.[1] ?? null;
}

/** Refunds a capture in full. */
export async function refundCapture(settings: PaypalSettings, captureId: string, paymentId: string): Promise<void> {
  await call(settings, `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, z.object({ id: z.string() }), {
    method: "POST",
    body: {},
    requestId: `refund-${paymentId}`,
  });
}
