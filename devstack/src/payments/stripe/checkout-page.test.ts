// The hosted checkout page as a browser posts it: labelled fields, Stripe's decline message, 3-D Secure's Complete
// and Fail, and the redirect to success_url once the webhook was delivered.
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { newWebhookSecret, startPaymentFakes, type RunningPaymentFakes } from "../index.ts";
import { startWebhookEndpoint, type WebhookEndpoint } from "../webhook-endpoint.ts";

let fakes: RunningPaymentFakes;
let endpoint: WebhookEndpoint;
let stripe: Stripe;

beforeAll(async () => {
  endpoint = await startWebhookEndpoint();
  fakes = await startPaymentFakes({ stripePort: 0, paypalPort: 0, stripeWebhookSecret: newWebhookSecret(), functionsUrl: endpoint.functionsUrl });
  const { hostname, port } = new URL(fakes.stripeUrl);
  stripe = new Stripe("sk_test_checkout_page", { host: hostname, port: Number(port), protocol: "http", maxNetworkRetries: 0 });
});
afterAll(async () => {
  await fakes.stop();
  await endpoint.stop();
});

const session = () =>
  stripe.checkout.sessions.create({
    mode: "payment",
    line_items: [{ price_data: { currency: "usd", unit_amount: 1200, product_data: { name: "800 credits <b>" } }, quantity: 1 }],
    success_url: "http://localhost:54321/account/billing?session_id={CHECKOUT_SESSION_ID}",
    cancel_url: "http://localhost:54321/pricing",
  });

const submit = (path: string, fields: Record<string, string>) =>
  fetch(`${fakes.stripeUrl}${path}`, { method: "POST", redirect: "manual", body: new URLSearchParams(fields) });

it("shows the amount and labelled card fields, escaping what the merchant wrote", async () => {
  const { url } = await session();
  const page = await (await fetch(url!)).text();
  expect(page).toContain("$12.00");
  expect(page).toContain("800 credits &lt;b&gt;");
  for (const label of ['<label for="card-number">Card number</label>', '<label for="expiry">Expiration date</label>', '<label for="cvc">CVC</label>']) {
    expect(page).toContain(label);
  }
  expect(page).toContain('<button type="submit">Pay</button>');
  expect(page).toContain('href="http://localhost:54321/pricing"');
});

it("stays payable after a decline, then pays, delivers the webhook and sends the buyer to success_url", async () => {
  const { id, url } = await session();
  const card = { expiry: "12 / 34", cvc: "123", email: "ada@example.com" };
  const declined = await submit(new URL(url!).pathname, { ...card, cardNumber: "4000 0000 0000 0002" });
  expect(declined.status).toBe(200);
  expect(await declined.text()).toContain('role="alert">Your card was declined.</p>');

  const paid = await submit(new URL(url!).pathname, { ...card, cardNumber: "4242 4242 4242 4242" });
  expect(paid.status).toBe(303);
  expect(paid.headers.get("location")).toBe(`http://localhost:54321/account/billing?session_id=${id}`);
  expect(endpoint.received.map((request) => JSON.parse(request.body).type)).toContain("checkout.session.completed");
  expect((await fetch(url!)).status).toBe(410);
});

it("sends a 3-D Secure card to authentication: Fail keeps it payable, Complete pays", async () => {
  const { id, url } = await session();
  const asked = await submit(new URL(url!).pathname, { cardNumber: "4000002500003155", expiry: "12/34", cvc: "123" });
  expect(asked.headers.get("location")).toBe(`/c/authenticate/${id}`);
  const challenge = await (await fetch(`${fakes.stripeUrl}/c/authenticate/${id}`)).text();
  expect(challenge).toContain(">Complete</button>");
  expect(challenge).toContain(">Fail</button>");
  const failed = await submit(`/c/authenticate/${id}`, { result: "fail" });
  expect(await failed.text()).toContain("We are unable to authenticate your payment method.");
  await submit(new URL(url!).pathname, { cardNumber: "4000002500003155", expiry: "12/34", cvc: "123" });
  const completed = await submit(`/c/authenticate/${id}`, { result: "complete" });
  expect(completed.status).toBe(303);
  expect(completed.headers.get("location")).toContain(id);
});
