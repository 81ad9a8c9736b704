import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { FormBodyError, parseFormBody } from "./form-body.ts";

describe("parseFormBody", () => {
  it("reads bracket notation into nested objects and arrays", () => {
    const body =
      "mode=payment&line_items[0][price_data][currency]=usd&line_items[0][price_data][unit_amount]=1200" +
      "&line_items[0][price_data][product_data][name]=800%20credits&line_items[0][quantity]=1" +
      "&metadata[itemId]=credits-800&expand[]=customer&expand[]=payment_intent";
    expect(parseFormBody(body)).toEqual({
      mode: "payment",
      line_items: [{ price_data: { currency: "usd", unit_amount: "1200", product_data: { name: "800 credits" } }, quantity: "1" }],
      metadata: { itemId: "credits-800" },
      expand: ["customer", "payment_intent"],
    });
  });

  it("reads encoded brackets as Stripe's clients may send them", () => {
    expect(parseFormBody("metadata%5Bkey%5D=a%26b&success_url=http%3A%2F%2Fx%2F%3Fid%3D%7BCHECKOUT_SESSION_ID%7D")).toEqual({
      metadata: { key: "a&b" },
      success_url: "http://x/?id={CHECKOUT_SESSION_ID}",
    });
  });

  it("refuses duplicates, gaps in arrays, a value mixed with nested keys and malformed names", () => {
    expect(() => parseFormBody("mode=a&mode=b")).toThrow(FormBodyError);
    expect(() => parseFormBody("line_items[1][quantity]=1")).toThrow(/numbered from 0/);
    expect(() => parseFormBody("metadata=x&metadata[a]=b")).toThrow(/mixes a value/);
    expect(() => parseFormBody("a]b=1")).toThrow(/Invalid parameter name/);
  });

  it("reads back exactly what stripe-node encodes", async () => {
    const params = {
      mode: "subscription",
      line_items: [{ price_data: { currency: "usd", unit_amount: 2900, recurring: { interval: "month" } }, quantity: 2 }],
      discounts: [{ coupon: "ANON20" }],
      metadata: { note: "a = b & c [d]" },
    };
    let sent = "";
    const stripe = new Stripe("sk_test_encoding_check", {
      maxNetworkRetries: 0,
      httpClient: Stripe.createFetchHttpClient(async (_url, init) => {
        sent = String(init?.body ?? "");
        return new Response(JSON.stringify({ id: "cs_test_1", object: "checkout.session" }), { headers: { "content-type": "application/json" } });
      }),
    });
    await stripe.checkout.sessions.create(params as Stripe.Checkout.SessionCreateParams);
    expect(parseFormBody(sent)).toEqual({
      mode: "subscription",
      line_items: [{ price_data: { currency: "usd", unit_amount: "2900", recurring: { interval: "month" } }, quantity: "2" }],
      discounts: [{ coupon: "ANON20" }],
      metadata: { note: "a = b & c [d]" },
    });
  });
});
