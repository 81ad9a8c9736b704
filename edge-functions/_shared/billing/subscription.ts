// The buyer's subscription: what it is now, and cancelling it. A cancellation is Stripe's to carry out: the
// subscription is set to end at its period's end there first (cancel_at_period_end), then here, so the plan's allowance
// lasts until the end of what was paid; Stripe's customer.subscription.deleted event ends it then.
import type { SignedIn } from "../auth/index.ts";
import { DomainError } from "../errors.ts";
import type { Subscription } from "./contract.ts";
import { accountSubscription, currentSubscriptionRow, setSubscriptionCancelAtPeriodEnd } from "./privileged-payments.ts";
import { stripeAccount } from "./providers.ts";
import { stripeCall } from "./stripe-client.ts";

/** GET /api/billing/subscription: the subscription that has not ended, or null. */
export async function currentSubscription(signedIn: SignedIn): Promise<Subscription | null> {
  return await accountSubscription(signedIn.userId);
}

/** POST /api/billing/subscription/cancel */
export async function cancelSubscription(signedIn: SignedIn): Promise<Subscription> {
  const row = await currentSubscriptionRow(signedIn.userId);
  if (!row) throw new DomainError("subscription_not_found");
  const { client } = await stripeAccount("after-sale");
  await stripeCall(() =>
    client.subscriptions.update(row.provider_subscription_id, { cancel_at_period_end: true }, {
      idempotencyKey: `cancel-${row.id}`,
    })
  );
  await setSubscriptionCancelAtPeriodEnd(signedIn.userId, true);
  return (await accountSubscription(signedIn.userId))!;
}
