// The fake PayPal as MailScout calls it: a client-credentials token, an order, the buyer's approval page, the
// capture (and its failures), a refund, and the webhooks each raises.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newWebhookSecret, startPaymentFakes, type RunningPaymentFakes } from "../index.ts";
import { paymentFakes, type PaymentFakes } from "../testing.ts";
import { startWebhookEndpoint, type WebhookEndpoint } from "../webhook-endpoint.ts";

let fakes: RunningPaymentFakes;
let endpoint: WebhookEndpoint;
let controls: PaymentFakes;
let token: string;

beforeAll(async () => {
  endpoint = await startWebhookEndpoint();
  fakes = await startPaymentFakes({ stripePort: 0, paypalPort: 0, stripeWebhookSecret: newWebhookSecret(), functionsUrl: endpoint.functionsUrl });
  controls = paymentFakes({ stripe: fakes.stripeUrl, paypal: fakes.paypalUrl });
  token = await accessToken();
});
afterAll(async () => {
  await fakes.stop();
  await endpoint.stop();
});
beforeEach(() => {
  endpoint.received.length = 0;
});

async function accessToken(): Promise<string> {
  const response = await fetch(`${fakes.paypalUrl}/v1/oauth2/token`, {
    method: "POST",
    headers: { Authorization: `Basic ${btoa("client-id:client-secret")}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: "grant_type=client_credentials",
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { access_token: string; token_type: string };
  expect(body.token_type).toBe("Bearer");
  return body.access_token;
}

/** The fields of PayPal's answers (orders, captures, refunds, errors) these tests read. */
interface PayPalAnswer {
  id: string;
  status: string;
  name: string;
  links: { rel: string; href: string }[];
  details: { issue: string; field: string }[];
  purchase_units: { payments: { captures: { id: string; status: string }[] } }[];
  amount: { value: string };
}

async function paypal(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${fakes.paypalUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as PayPalAnswer };
}

const newOrder = (context: "application_context" | "payment_source" = "application_context") => {
  const urls = { return_url: "http://localhost:54321/account/billing?paypal=return", cancel_url: "http://localhost:54321/pricing" };
  return paypal("POST", "/v2/checkout/orders", {
    intent: "CAPTURE",
    purchase_units: [{ reference_id: "payment-1", custom_id: "payment-1", description: "800 credits", amount: { currency_code: "USD", value: "12.00" } }],
    ...(context === "application_context" ? { application_context: urls } : { payment_source: { paypal: { experience_context: urls } } }),
  });
};

describe("orders", () => {
  it("creates an order to approve, refuses its capture until approved, then captures it once", async () => {
    const created = await newOrder();
    expect(created.status).toBe(200);
    expect(created.body.status).toBe("CREATED");
    const approve = created.body.links.find((link) => link.rel === "approve")!;
    expect(approve.href).toBe(`${fakes.paypalUrl}/checkoutnow?token=${created.body.id}`);

    const early = await paypal("POST", `/v2/checkout/orders/${created.body.id}/capture`);
    expect(early.status).toBe(422);
    expect(early.body.details[0]!.issue).toBe("ORDER_NOT_APPROVED");

    const { returnUrl } = await controls.paypal.approveOrder(created.body.id);
    const back = new URL(returnUrl!);
    expect(back.searchParams.get("token")).toBe(created.body.id);
    expect(back.searchParams.get("PayerID")).toMatch(/^[A-Z0-9]{13}$/);

    const captured = await paypal("POST", `/v2/checkout/orders/${created.body.id}/capture`, undefined, { "PayPal-Request-Id": "capture-1" });
    expect(captured.status).toBe(201);
    expect(captured.body.status).toBe("COMPLETED");
    const capture = captured.body.purchase_units[0]!.payments.captures[0]!;
    expect(capture).toMatchObject({ status: "COMPLETED", amount: { currency_code: "USD", value: "12.00" }, custom_id: "payment-1" });

    const replayed = await paypal("POST", `/v2/checkout/orders/${created.body.id}/capture`, undefined, { "PayPal-Request-Id": "capture-1" });
    expect(replayed).toEqual(captured);
    const again = await paypal("POST", `/v2/checkout/orders/${created.body.id}/capture`);
    expect(again.body.details[0]!.issue).toBe("ORDER_ALREADY_CAPTURED");

    await controls.paypal.settle();
    expect(endpoint.received.map((request) => request.path)).toEqual(["/functions/v1/api/billing/webhooks/paypal"]);
    const event = JSON.parse(endpoint.received[0]!.body);
    expect(event).toMatchObject({ event_type: "PAYMENT.CAPTURE.COMPLETED", resource: { id: capture.id, supplementary_data: { related_ids: { order_id: created.body.id } } } });
    expect((await paypal("GET", `/v2/checkout/orders/${created.body.id}`)).body.status).toBe("COMPLETED");
  });

  it("asks for payer action when the order names its payment source", async () => {
    const created = await newOrder("payment_source");
    expect(created.body.status).toBe("PAYER_ACTION_REQUIRED");
    expect(created.body.links.map((link) => link.rel)).toContain("payer-action");
  });

  it("declines the capture when the buyer chose so, until the buyer approves again", async () => {
    const created = await newOrder();
    await controls.paypal.approveOrder(created.body.id, { declineCapture: true });
    const declined = await paypal("POST", `/v2/checkout/orders/${created.body.id}/capture`);
    expect(declined.status).toBe(422);
    expect(declined.body.details[0]!.issue).toBe("INSTRUMENT_DECLINED");
    expect(declined.body.links.find((link) => link.rel === "redirect")!.href).toContain(created.body.id);
    await controls.paypal.approveOrder(created.body.id);
    expect((await paypal("POST", `/v2/checkout/orders/${created.body.id}/capture`)).status).toBe(201);
  });

  it("approves and cancels through the approval page a buyer sees", async () => {
    const created = await newOrder();
    const page = await (await fetch(`${fakes.paypalUrl}/checkoutnow?token=${created.body.id}`)).text();
    expect(page).toContain(">Approve</button>");
    expect(page).toContain("Approve, then decline the capture");
    const post = (choice: string) =>
      fetch(`${fakes.paypalUrl}/checkoutnow`, {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ token: created.body.id, choice }),
      });
    const cancelled = await post("cancel");
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("location")).toBe(`http://localhost:54321/pricing?token=${created.body.id}`);
    const approved = await post("approve");
    expect(approved.headers.get("location")).toMatch(new RegExp(`paypal=return&token=${created.body.id}&PayerID=`));
  });

  it("refuses a malformed order with PayPal's field-by-field details", async () => {
    const bad = await paypal("POST", "/v2/checkout/orders", { intent: "CAPTURE", purchase_units: [{ amount: { currency_code: "USD", value: "12.001" } }] });
    expect(bad.status).toBe(400);
    expect(bad.body.name).toBe("INVALID_REQUEST");
    expect(bad.body.details[0]!.field).toBe("/purchase_units/0/amount/value");
  });
});

describe("refunds and tokens", () => {
  it("refunds part then the rest of a capture, raising PAYMENT.CAPTURE.REFUNDED, and refuses more", async () => {
    const created = await newOrder();
    await controls.paypal.approveOrder(created.body.id);
    const capture = (await paypal("POST", `/v2/checkout/orders/${created.body.id}/capture`)).body.purchase_units[0]!.payments.captures[0]!;
    const part = await paypal("POST", `/v2/payments/captures/${capture.id}/refund`, { amount: { currency_code: "USD", value: "5.00" } });
    expect(part.status).toBe(201);
    expect((await paypal("GET", `/v2/payments/captures/${capture.id}`)).body.status).toBe("PARTIALLY_REFUNDED");
    const rest = await paypal("POST", `/v2/payments/captures/${capture.id}/refund`, {});
    expect(rest.body.amount.value).toBe("7.00");
    const more = await paypal("POST", `/v2/payments/captures/${capture.id}/refund`, {});
    expect(more.body.details[0]!.issue).toBe("CAPTURE_FULLY_REFUNDED");
    const refunds = await controls.paypal.events("PAYMENT.CAPTURE.REFUNDED");
    expect(refunds.slice(-2).map((entry) => entry.event.resource.amount.value)).toEqual(["5.00", "7.00"]);
  });

  it("refuses missing or expired tokens and bad client credentials", async () => {
    const noClient = await fetch(`${fakes.paypalUrl}/v1/oauth2/token`, { method: "POST", body: "grant_type=client_credentials" });
    expect(noClient.status).toBe(401);
    await controls.paypal.expireTokens();
    const expired = await paypal("GET", "/v2/checkout/orders/UNKNOWN");
    expect(expired.status).toBe(401);
    expect(expired.body.name).toBe("AUTHENTICATION_FAILURE");
    token = await accessToken();
    expect((await paypal("GET", "/v2/checkout/orders/UNKNOWN")).status).toBe(404);
  });
});
