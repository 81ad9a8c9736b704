// Notifications over HTTP: each handler takes validated input, calls the marketing feature, and answers.
import type { Context } from "hono";
import {
  acknowledgeDelivery,
  emailSubscription,
  type emailSubscriptionSchema,
  markAllNotificationsRead,
  markNotificationRead,
  notificationPage,
  type notificationsQuerySchema,
  pushConfig,
  type pushSubscriptionInputSchema,
  type pushUnsubscribeSchema,
  setEmailSubscription,
  subscribeToPush,
  unsubscribeFromPush,
} from "../../../_shared/marketing/index.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import type { QueryInput } from "../../lib/query-params.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";

// push_subscriptions.user_agent keeps this much.
const USER_AGENT_MAX_LENGTH = 500;

export async function list(c: Context<SignedInEnv, string, QueryInput<typeof notificationsQuerySchema>>) {
  return c.json(await notificationPage(c.var.signedIn.claims, c.req.valid("query").before), 200);
}

export async function read(c: Context<SignedInEnv>) {
  await markNotificationRead(c.var.signedIn.claims, c.req.param("id"));
  return c.body(null, 204);
}

export async function readAll(c: Context<SignedInEnv>) {
  await markAllNotificationsRead(c.var.signedIn.claims);
  return c.body(null, 204);
}

/** The app's word that the notification reached it. */
export async function delivered(c: Context<SignedInEnv>) {
  await acknowledgeDelivery(c.var.signedIn.userId, c.req.param("id"));
  return c.body(null, 204);
}

export function pushConfiguration(c: Context) {
  return c.json(pushConfig(), 200);
}

export async function subscribe(c: Context<SignedInEnv, string, JsonInput<typeof pushSubscriptionInputSchema>>) {
  const userAgent = c.req.header("user-agent")?.slice(0, USER_AGENT_MAX_LENGTH) ?? null;
  await subscribeToPush(c.var.signedIn.userId, c.req.valid("json"), userAgent);
  return c.body(null, 201);
}

export async function unsubscribe(c: Context<SignedInEnv, string, JsonInput<typeof pushUnsubscribeSchema>>) {
  await unsubscribeFromPush(c.var.signedIn.claims, c.req.valid("json").endpoint);
  return c.body(null, 204);
}

export async function readEmailSubscription(c: Context<SignedInEnv>) {
  return c.json(await emailSubscription(c.var.signedIn.userId), 200);
}

export async function updateEmailSubscription(c: Context<SignedInEnv, string, JsonInput<typeof emailSubscriptionSchema>>) {
  return c.json(await setEmailSubscription(c.var.signedIn.userId, c.req.valid("json").subscribed), 200);
}
