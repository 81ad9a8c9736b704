// The Stripe API endpoints MailScout calls, under /v1 as on api.stripe.com: secret-key auth, form-encoded bodies,
// Idempotency-Key on every POST, Stripe's error shapes and the events each change raises (delivered in the background,
// since the caller may be the api itself, in the middle of the work the webhook completes).
import { Hono, type Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { FormBodyError, parseFormBody, type FormObject } from "../form-body.ts";
import { IdempotentRequests } from "../../idempotency.ts";
import { stripeId } from "../ids.ts";
import type { WebhookOutbox } from "../outbox.ts";
import { StripeApiError, invalidRequest, noSuchObject } from "./errors.ts";
import type { StripeEvent, StripeObject } from "./objects.ts";
import {
  checkoutSessionParams,
  couponParams,
  parseParams,
  refundParams,
  retrieveParams,
  subscriptionCancelParams,
  subscriptionUpdateParams,
} from "./params.ts";
import type { RequestInfo, StripeState } from "./state.ts";

const NO_KEY =
  "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth " +
  "(e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";

/** The secret (or restricted) test key from Bearer or Basic auth, or Stripe's 401. */
function apiKey(authorization: string | undefined): string {
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, "base64").toString("utf8").split(":")[0] : undefined);
  if (!key) throw new StripeApiError(401, { type: "invalid_request_error", message: NO_KEY });
  if (/^pk_/.test(key)) {
    throw new StripeApiError(401, {
      type: "invalid_request_error",
      message: "This API call cannot be made with a publishable API key. Please use a secret API key.",
    });
  }
  // Test keys only: nothing here may look like it could move real money.
  if (!/^(sk|rk)_test_[A-Za-z0-9_]{8,}$/.test(key)) {
    throw new StripeApiError(401, {
      type: "invalid_request_error",
      message: `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
    });
  }
  return key;
}

async function formParams(c: Context): Promise<FormObject> {
  const text = c.req.method === "GET" || c.req.method === "DELETE"
    ? new URL(c.req.url).search.slice(1)
    : await c.req.text();
  try {
    return parseFormBody(text);
  } catch (error) {
    if (error instanceof FormBodyError) throw invalidRequest(error.message);
    throw error;
  }
}

interface Answer {
  body: unknown;
  events?: StripeEvent[];
}

type Handler = (params: FormObject, id: string, request: RequestInfo) => Answer;

/** Replaces the ids at `expand` paths (`customer`, `subscription.latest_invoice`) with the objects they name. */
function expandFields(object: unknown, paths: string[], lookup: (id: string) => StripeObject | undefined): unknown {
  if (paths.length === 0 || object === null || typeof object !== "object") return object;
  const copy = structuredClone(object) as Record<string, unknown>;
  for (const path of paths) {
    const [field, ...rest] = path.split(".");
    const value = copy[field!];
    const target = typeof value === "string" ? lookup(value) : value;
    if (target === undefined) throw invalidRequest(`This property cannot be expanded (${path}).`, "expand");
    copy[field!] = expandFields(target, rest.length ? [rest.join(".")] : [], lookup);
  }
  return copy;
}

export function stripeApiRoutes(state: StripeState, outbox: WebhookOutbox<StripeEvent>): Hono {
  const app = new Hono();
  const idempotency = new IdempotentRequests();
  const lookup = (id: string) => state.find(id);

  const route = (method: "get" | "post" | "delete", path: string, handler: Handler) =>
    app[method](path, async (c) => {
      const key = apiKey(c.req.header("Authorization"));
      const params = await formParams(c);
      const requestId = stripeId("req", 14);
      const idempotencyKey = c.req.header("Idempotency-Key") ?? null;
      const endpoint = `${c.req.method} ${c.req.path}`;
      // Keys belong to an account (here, to the API key) and to one endpoint and set of parameters.
      const scopedKey = idempotencyKey && c.req.method === "POST" ? `${key}\u0000${idempotencyKey}` : null;
      if (scopedKey) {
        const found = idempotency.lookup(scopedKey, endpoint, params);
        if (found.kind === "conflict") {
          throw new StripeApiError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          });
        }
        if (found.kind === "replay") {
          return c.json(found.answer.body as object, found.answer.status as ContentfulStatusCode, {
            "Idempotent-Replayed": "true",
            "Idempotency-Key": idempotencyKey!,
            "Request-Id": requestId,
          });
        }
      }
      const answer = handler(params, c.req.param("id") ?? "", { id: requestId, idempotencyKey });
      const expand = z.array(z.string()).optional().parse((params as { expand?: unknown }).expand) ?? [];
      const body = expandFields(answer.body, expand, lookup);
      if (scopedKey) idempotency.remember(scopedKey, endpoint, params, { status: 200, body });
      if (answer.events?.length) outbox.raiseInBackground(answer.events);
      return c.json(body as object, 200, {
        "Request-Id": requestId,
        ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
      });
    });

  const retrieve = (kind: StripeObject["object"]): Handler => (raw, id) => {
    parseParams(retrieveParams, raw);
    return { body: state.get(id, kind) };
  };

  route("post", "/v1/coupons", (raw) => {
    const params = parseParams(couponParams, raw);
    return {
      body: state.createCoupon({
        id: params.id,
        percentOff: params.percent_off ?? null,
        amountOff: params.amount_off === undefined ? null : { amount: params.amount_off, currency: params.currency! },
        name: params.name ?? null,
        metadata: params.metadata ?? {},
      }),
    };
  });
  route("get", "/v1/coupons/:id", retrieve("coupon"));

  route("post", "/v1/checkout/sessions", (raw) => {
    const params = parseParams(checkoutSessionParams, raw);
    const [item] = params.line_items;
    const { price_data: price } = item!;
    return {
      body: state.createSession({
        mode: params.mode,
        lineItem: {
          name: price.product_data.name,
          unitAmount: price.unit_amount,
          currency: price.currency,
          quantity: item!.quantity,
          recurring: price.recurring ? { interval: price.recurring.interval, intervalCount: price.recurring.interval_count ?? 1 } : null,
        },
        successUrl: params.success_url,
        cancelUrl: params.cancel_url ?? null,
        clientReferenceId: params.client_reference_id ?? null,
        customerEmail: params.customer_email ?? null,
        metadata: params.metadata ?? {},
        couponId: params.discounts?.[0]?.coupon ?? null,
        paymentIntentMetadata: params.payment_intent_data?.metadata ?? {},
        subscriptionMetadata: params.subscription_data?.metadata ?? {},
      }),
    };
  });
  route("get", "/v1/checkout/sessions/:id", retrieve("checkout.session"));

  route("get", "/v1/subscriptions/:id", retrieve("subscription"));
  route("post", "/v1/subscriptions/:id", (raw, id, request) => {
    const params = parseParams(subscriptionUpdateParams, raw);
    const { subscription, events } = state.updateSubscription(id, { cancelAtPeriodEnd: params.cancel_at_period_end, metadata: params.metadata }, request);
    return { body: subscription, events };
  });
  route("delete", "/v1/subscriptions/:id", (raw, id, request) => {
    parseParams(subscriptionCancelParams, raw);
    const { subscription, events } = state.cancelSubscription(id, request);
    return { body: subscription, events };
  });

  route("post", "/v1/refunds", (raw, _id, request) => {
    const params = parseParams(refundParams, raw);
    const { refund, events } = state.refund(
      { paymentIntent: params.payment_intent, charge: params.charge, amount: params.amount, reason: params.reason, metadata: params.metadata ?? {} },
      request,
    );
    return { body: refund, events };
  });
  route("get", "/v1/refunds/:id", retrieve("refund"));

  for (const [collection, kind] of [
    ["customers", "customer"],
    ["payment_intents", "payment_intent"],
    ["charges", "charge"],
    ["invoices", "invoice"],
  ] as const) {
    route("get", `/v1/${collection}/:id`, retrieve(kind));
  }

  route("get", "/v1/events/:id", (raw, id) => {
    parseParams(retrieveParams, raw);
    const found = outbox.get(id);
    if (!found) throw noSuchObject("event", id);
    return { body: found.event };
  });

  app.all("/v1/*", (c) => {
    apiKey(c.req.header("Authorization"));
    throw new StripeApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${c.req.method}: ${c.req.path}). The fake Stripe offers only the endpoints MailScout uses.`,
    });
  });
  return app;
}
