// Webhooks over HTTP: each handler takes validated input, calls the feature, and answers. The secret is never cached.
import type { Context } from "hono";
import type { webhookDeliveriesQuerySchema, WebhookSecret } from "../../../_shared/contracts/api-keys.ts";
import {
  redeliver as queueRedelivery,
  regenerateSigningSecret,
  type SigningSecret,
  signingSecretOf,
  webhookDeliveries,
} from "../../../_shared/webhooks/index.ts";
import { pathUuid } from "../../lib/path-id.ts";
import type { QueryInput } from "../../lib/query-params.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";

function secretAnswer(c: Context, signing: SigningSecret) {
  c.header("cache-control", "no-store");
  return c.json({ secret: signing.secret, createdAt: signing.createdAt.toISOString() } satisfies WebhookSecret, 200);
}

export async function secret(c: Context<SignedInEnv>) {
  return secretAnswer(c, await signingSecretOf(c.var.signedIn.userId));
}

export async function regenerate(c: Context<SignedInEnv>) {
  return secretAnswer(c, await regenerateSigningSecret(c.var.signedIn.userId));
}

export async function deliveries(c: Context<SignedInEnv, string, QueryInput<typeof webhookDeliveriesQuerySchema>>) {
  return c.json(await webhookDeliveries(c.var.signedIn, c.req.valid("query")), 200);
}

export async function redeliver(c: Context<SignedInEnv>) {
  await queueRedelivery(c.var.signedIn, pathUuid(c.req.param("id"), "webhook_delivery_not_found"));
  return c.body(null, 202);
}
