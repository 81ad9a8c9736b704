// PayPal's orders and captures as this product reads them: where the buyer approves, which payment an order is for,
// and what a capture's status does to its payment.
import assert from "node:assert/strict";
import { approvalUrl, captureOf, centsOf, type PaypalOrder, paymentIdOf, paypalValue } from "./paypal-client.ts";
import { captureEffect } from "./paypal-webhooks.ts";

const order = (over: Partial<PaypalOrder> = {}): PaypalOrder => ({
  id: "5O190127TN364715T",
  status: "PAYER_ACTION_REQUIRED",
  links: [
    { rel: "self", href: "https://api-m.paypal.com/v2/checkout/orders/5O190127TN364715T" },
    { rel: "payer-action", href: "https://www.paypal.com/checkoutnow?token=5O190127TN364715T" },
  ],
  purchase_units: [{ reference_id: "pay-1", custom_id: "pay-1", amount: { currency_code: "USD", value: "12.00" } }],
  ...over,
});

Deno.test("the buyer approves at the payer-action link (approve in older answers)", () => {
  assert.equal(approvalUrl(order()), "https://www.paypal.com/checkoutnow?token=5O190127TN364715T");
  assert.equal(approvalUrl(order({ links: [{ rel: "approve", href: "https://paypal.test/approve" }] })), "https://paypal.test/approve");
  assert.equal(approvalUrl(order({ links: [] })), null);
});

Deno.test("an order names its payment by our custom id, and its capture once captured", () => {
  assert.equal(paymentIdOf(order()), "pay-1");
  assert.equal(captureOf(order()), null);
  const captured = order({
    status: "COMPLETED",
    purchase_units: [{
      custom_id: "pay-1",
      payments: { captures: [{ id: "3C679366HH908993F", status: "COMPLETED", amount: { currency_code: "USD", value: "12.00" } }] },
    }],
  });
  assert.equal(captureOf(captured)?.id, "3C679366HH908993F");
});

Deno.test("a capture's status decides: completed grants, refunded claws back, declined fails, the rest waits", () => {
  assert.equal(captureEffect({ status: "COMPLETED" }), "complete");
  assert.equal(captureEffect({ status: "REFUNDED" }), "refund");
  assert.equal(captureEffect({ status: "DECLINED" }), "fail");
  assert.equal(captureEffect({ status: "FAILED" }), "fail");
  assert.equal(captureEffect({ status: "PENDING" }), "wait");
  assert.equal(captureEffect({ status: "PARTIALLY_REFUNDED" }), "wait");
  assert.equal(captureEffect(null), "wait");
});

Deno.test("dollars as PayPal writes them and back, in whole cents", () => {
  assert.equal(paypalValue(1200), "12.00");
  assert.equal(paypalValue(6700), "67.00");
  assert.equal(paypalValue(16815), "168.15");
  assert.equal(centsOf("168.15"), 16815);
  assert.equal(centsOf("0.29"), 29);
});
