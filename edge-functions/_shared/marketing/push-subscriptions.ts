// The browsers a signed-in user gets pushes on. Only endpoints on a known push service (PUSH_SERVICE_HOSTS) are kept,
// so a subscription can never make the worker post to an address of the subscriber's choosing.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";
import { env } from "../env.ts";
import { DomainError } from "../errors.ts";
import { isKnownPushService } from "../push-service-hosts.ts";
import type { PushSubscriptionInput } from "./contract.ts";
import { marketingEmailsSubscribed, saveSubscription, setMarketingEmails } from "./privileged.ts";

/** The key browsers subscribe with, or null when this deployment sends no push. */
export function pushConfig(): { vapidPublicKey: string | null } {
  return { vapidPublicKey: env().VAPID_PUBLIC_KEY || null };
}

export async function subscribeToPush(
  userId: string,
  input: PushSubscriptionInput,
  userAgent: string | null,
): Promise<void> {
  if (!isKnownPushService(new URL(input.endpoint), env().PUSH_SERVICE_HOSTS)) throw new DomainError("unknown_push_service");
  await saveSubscription(userId, { endpoint: input.endpoint, ...input.keys, userAgent });
}

/** Forgets the user's subscription at that endpoint; none there is fine too. */
export async function unsubscribeFromPush(claims: AccessTokenClaims, endpoint: string): Promise<void> {
  await asUser(claims, (sql) => sql`
    delete from public.push_subscriptions where user_id = ${claims.sub} and endpoint = ${endpoint}
  `);
}

export async function emailSubscription(userId: string): Promise<{ subscribed: boolean }> {
  return { subscribed: await marketingEmailsSubscribed(userId) };
}

/** Marketing emails on or off; only the owner turns them back on after an unsubscribe. */
export async function setEmailSubscription(userId: string, subscribed: boolean): Promise<{ subscribed: boolean }> {
  await setMarketingEmails(userId, subscribed);
  return { subscribed };
}
