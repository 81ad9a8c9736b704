// devstack's payment fakes: Stripe and PayPal as MailScout calls them, each on its own loopback port, so that nothing
// local (npm start, npm test) reaches a real payment provider. Their webhooks go to the api through the gateway.
// Built from the providers' documented APIs; see the README's "Payments in devstack" for the test cards and controls.
import type { Server } from "node:http";
import { closeFake as close, listenFake as listen } from "../fake-server.ts";
import { paypalFake } from "./paypal/index.ts";
import { stripeFake } from "./stripe/index.ts";

export { newWebhookSecret } from "./webhook-signature.ts";

/** Where the api receives each provider's webhooks, under the functions' URL. */
export const WEBHOOK_PATHS = {
  stripe: "/api/billing/webhooks/stripe",
  paypal: "/api/billing/webhooks/paypal",
} as const;

export interface PaymentFakesOptions {
  /** 0 picks a free port (unit tests). */
  stripePort: number;
  paypalPort: number;
  /** The Stripe endpoint's signing secret (whsec_...), which an admin pastes into the payments tab. */
  stripeWebhookSecret: string;
  /** http://127.0.0.1:PORT/functions/v1 (the gateway's), under which the api receives webhooks. */
  functionsUrl: string;
}

export interface RunningPaymentFakes {
  stripeUrl: string;
  paypalUrl: string;
  stripeWebhookSecret: string;
  /** The functions' settings that point the api at the fakes. */
  settings: { STRIPE_API_BASE: string; PAYPAL_API_BASE: string };
  stop(): Promise<void>;
}

export async function startPaymentFakes(options: PaymentFakesOptions): Promise<RunningPaymentFakes> {
  const webhookUrl = (path: string) => () => `${options.functionsUrl}${path}`;
  const stripeServer = await listen((base) =>
    stripeFake({ base, webhookUrl: webhookUrl(WEBHOOK_PATHS.stripe), webhookSecret: options.stripeWebhookSecret }).app, options.stripePort, "Stripe");
  let paypalServer: { server: Server; url: string };
  try {
    paypalServer = await listen((base) => paypalFake({ base, webhookUrl: webhookUrl(WEBHOOK_PATHS.paypal) }).app, options.paypalPort, "PayPal");
  } catch (error) {
    await close(stripeServer.server);
    throw error;
  }
  return {
    stripeUrl: stripeServer.url,
    paypalUrl: paypalServer.url,
    stripeWebhookSecret: options.stripeWebhookSecret,
    settings: { STRIPE_API_BASE: stripeServer.url, PAYPAL_API_BASE: paypalServer.url },
    stop: async () => {
      await Promise.all([close(stripeServer.server), close(paypalServer.server)]);
    },
  };
}
