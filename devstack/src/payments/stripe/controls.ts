// devstack-only test controls under /_fake/ (real Stripe has nothing of the kind): what the webhook endpoint and its
// secret are, paying a checkout session without a browser, the events raised and their deliveries, redelivery, and
// moving a subscription to its next period or failing its renewal. Each answers once its webhooks were delivered.
import { Hono } from "hono";
import { z } from "zod";
import { controlBody, outboxControlRoutes } from "../control-body.ts";
import type { WebhookOutbox } from "../outbox.ts";
import type { StripeEvent } from "./objects.ts";
import type { StripeState } from "./state.ts";

const payBody = z.strictObject({
  card: z.string().min(1, "card is a test card number"),
  expiry: z.string().optional(),
  cvc: z.string().optional(),
  email: z.email().optional(),
  threeDSecure: z.enum(["complete", "fail"]).optional(),
});

export function stripeControlRoutes(
  state: StripeState,
  outbox: WebhookOutbox<StripeEvent>,
  webhook: { url: () => string | undefined; secret: string },
): Hono {
  const app = new Hono();
  app.get("/_fake/webhook-endpoint", (c) => c.json({ url: webhook.url() ?? null, secret: webhook.secret }));

  app.post("/_fake/checkout/sessions/:id/pay", async (c) => {
    const body = await controlBody(c, payBody);
    const result = state.pay(
      c.req.param("id"),
      { number: body.card, expiry: body.expiry, cvc: body.cvc },
      body.email ?? null,
      body.threeDSecure,
    );
    if (result.outcome !== "succeeded") return c.json(result);
    return c.json({ outcome: result.outcome, session: result.session, events: await outbox.raise(result.events) });
  });

  outboxControlRoutes(app, outbox, (event) => event.type);

  app.post("/_fake/subscriptions/:id/renew", async (c) => c.json(await outbox.raise(state.renew(c.req.param("id")))));
  app.post("/_fake/subscriptions/:id/fail-renewal", async (c) => c.json(await outbox.raise(state.failRenewal(c.req.param("id")))));
  return app;
}
