// devstack's fake PayPal: OAuth tokens, Orders v2 and Payments v2 as MailScout calls them, the buyer's approval page,
// webhooks, and test controls (/_fake/). State lives in memory: a restart starts an empty account.
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { ControlError } from "../control-body.ts";
import { WebhookOutbox } from "../outbox.ts";
import { paypalApiRoutes } from "./api.ts";
import { approvalPageRoutes } from "./approval-page.ts";
import { paypalControlRoutes } from "./controls.ts";
import { PayPalApiError } from "./errors.ts";
import type { PayPalEvent } from "./objects.ts";
import { PayPalState } from "./state.ts";

export interface PayPalFakeOptions {
  /** The fake's own URL (http://127.0.0.1:PORT), for links and the approval page. */
  base: string;
  /** Where events are posted; read at each delivery. */
  webhookUrl: () => string | undefined;
}

export function paypalFake(options: PayPalFakeOptions): { app: Hono; state: PayPalState; outbox: WebhookOutbox<PayPalEvent> } {
  const state = new PayPalState(options.base);
  // PayPal signs its deliveries (PAYPAL-TRANSMISSION-SIG with a certificate); the fake sends none, since MailScout
  // trusts a PayPal event only after fetching the order it names from PayPal with its own credentials.
  const outbox = new WebhookOutbox<PayPalEvent>(options.webhookUrl, (event) => ({
    body: JSON.stringify(event),
    headers: {
      "Content-Type": "application/json",
      "User-Agent": "PayPal/AUHD-214.0-58435340",
      "PAYPAL-TRANSMISSION-ID": randomUUID(),
      "PAYPAL-TRANSMISSION-TIME": new Date().toISOString(),
    },
  }));
  const app = new Hono();
  app.route("/", paypalApiRoutes(state, outbox));
  app.route("/", approvalPageRoutes(state));
  app.route("/", paypalControlRoutes(state, outbox));
  app.onError((error, c) => {
    if (error instanceof PayPalApiError) return c.json(error.toJSON(), error.status);
    if (error instanceof ControlError) return c.json({ error: { message: error.message } }, error.status);
    throw error;
  });
  app.notFound((c) => c.json(new PayPalApiError(404, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`).toJSON(), 404));
  return { app, state, outbox };
}
