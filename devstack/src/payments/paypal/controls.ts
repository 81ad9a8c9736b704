// devstack-only test controls under /_fake/ (real PayPal has nothing of the kind): approving an order as the buyer
// would, the events raised and their deliveries, redelivery, and expiring every access token.
import { Hono } from "hono";
import { z } from "zod";
import { controlBody, outboxControlRoutes } from "../control-body.ts";
import type { WebhookOutbox } from "../outbox.ts";
import type { PayPalEvent } from "./objects.ts";
import type { PayPalState } from "./state.ts";

export function paypalControlRoutes(state: PayPalState, outbox: WebhookOutbox<PayPalEvent>): Hono {
  const app = new Hono();
  app.post("/_fake/orders/:id/approve", async (c) => {
    const { declineCapture } = await controlBody(c, z.strictObject({ declineCapture: z.boolean().optional() }));
    const id = c.req.param("id");
    const returnUrl = state.approve(id, declineCapture ?? false);
    return c.json({ returnUrl, order: state.order(id) });
  });
  outboxControlRoutes(app, outbox, (event) => event.event_type);
  app.post("/_fake/tokens/expire", (c) => {
    state.expireTokens();
    return c.json({ expired: true });
  });
  return app;
}
