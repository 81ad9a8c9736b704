// devstack's fake Stripe: the API endpoints MailScout uses (/v1), the hosted checkout page (/c/pay), webhooks signed
// as Stripe signs them, and test controls (/_fake/). State lives in memory: a restart starts an empty account.
import { Hono } from "hono";
import { ControlError } from "../control-body.ts";
import { WebhookOutbox } from "../outbox.ts";
import { stripeSignatureHeader } from "../webhook-signature.ts";
import { stripeApiRoutes } from "./api.ts";
import { checkoutPageRoutes } from "./checkout-page.ts";
import { stripeControlRoutes } from "./controls.ts";
import { StripeApiError } from "./errors.ts";
import type { StripeEvent } from "./objects.ts";
import { StripeState } from "./state.ts";

export interface StripeFakeOptions {
  /** The fake's own URL (http://127.0.0.1:PORT), for the checkout page's links. */
  base: string;
  /** Where events are posted; read at each delivery, so it may be known only once the gateway listens. */
  webhookUrl: () => string | undefined;
  /** The endpoint's signing secret, whsec_... */
  webhookSecret: string;
  clock?: () => number;
}

export function stripeFake(options: StripeFakeOptions): { app: Hono; state: StripeState; outbox: WebhookOutbox<StripeEvent> } {
  const state = new StripeState(options.base, options.clock);
  const outbox = new WebhookOutbox<StripeEvent>(options.webhookUrl, (event) => {
    // Stripe sends its events pretty-printed; the signature covers exactly these bytes, signed anew at each attempt.
    const body = JSON.stringify(event, null, 2);
    return {
      body,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        "Stripe-Signature": stripeSignatureHeader(body, options.webhookSecret, Math.floor(Date.now() / 1000)),
      },
    };
  });
  const app = new Hono();
  app.route("/", stripeApiRoutes(state, outbox));
  app.route("/", checkoutPageRoutes(state, outbox));
  app.route("/", stripeControlRoutes(state, outbox, { url: options.webhookUrl, secret: options.webhookSecret }));
  app.onError((error, c) => {
    if (error instanceof StripeApiError) return c.json({ error: error.body }, error.status);
    if (error instanceof ControlError) return c.json({ error: { message: error.message } }, error.status);
    throw error;
  });
  return { app, state, outbox };
}
