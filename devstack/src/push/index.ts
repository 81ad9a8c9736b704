// devstack's fake push service: what FCM, autopush or Apple's service are to a browser's subscription, on a loopback
// port. It hands out test subscriptions (keys made here, as a browser makes them), takes pushes to them as RFC 8030
// says, checks their VAPID signature, decrypts them and keeps what arrived for tests to read. The functions are told
// (PUSH_SERVICE_HOSTS) that it is the only push service, so nothing local reaches a real browser.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { createAdaptorServer } from "@hono/node-server";
import { Hono } from "hono";
import { z } from "zod";
import { ControlError, controlBody } from "../payments/control-body.ts";
import { UndecryptableMessage, decryptPushMessage } from "./message-decryption.ts";
import { SubscriptionStore, type FakeSubscription } from "./subscriptions.ts";
import { VapidRejected, verifyVapid } from "./vapid-verification.ts";

export type { ReceivedPushMessage } from "./subscriptions.ts";

/** RFC 8030 push services accept at least 4096 bytes; like FCM, this one takes no more. */
const MAX_BODY_BYTES = 4096;

const createSubscriptionSchema = z.object({
  applicationServerKey: z.string().regex(/^[A-Za-z0-9_-]{87}$/, "must be a P-256 public key, base64url").optional(),
});

/** What a browser's PushSubscription.toJSON() gives the page, and the id the fake's controls take. */
function subscriptionJson(subscription: FakeSubscription) {
  return { id: subscription.id, endpoint: subscription.endpoint, keys: subscription.keys };
}

export function pushFakeApp(store: SubscriptionStore, base: string): Hono {
  const app = new Hono();
  app.onError((error, c) => {
    if (error instanceof ControlError) return c.json({ error: error.message }, error.status);
    throw error;
  });

  app.post("/_fake/subscriptions", async (c) => {
    const { applicationServerKey } = await controlBody(c, createSubscriptionSchema);
    return c.json(subscriptionJson(store.create(base, applicationServerKey)), 201);
  });
  app.post("/_fake/subscriptions/:id/gone", (c) => {
    const subscription = store.get(c.req.param("id"));
    if (!subscription) return c.json({ error: "No such subscription." }, 404);
    subscription.gone = true;
    return c.body(null, 204);
  });
  app.get("/_fake/messages", (c) => {
    const parsed = z.object({ subscription: z.string().min(1, "is required") }).safeParse(c.req.query());
    if (!parsed.success) return c.json({ error: "subscription: is required" }, 400);
    const subscription = store.get(parsed.data.subscription);
    if (!subscription) return c.json({ error: "No such subscription." }, 404);
    return c.json({ messages: subscription.messages });
  });

  app.post("/push/:id", async (c) => {
    const subscription = store.get(c.req.param("id"));
    if (!subscription) return c.text("No such subscription", 404);
    if (subscription.gone) return c.text("The subscription has expired", 410);
    let vapidSubject: string;
    try {
      ({ subject: vapidSubject } = await verifyVapid(c.req.header("Authorization"), {
        audience: base,
        applicationServerKey: subscription.applicationServerKey,
      }));
    } catch (error) {
      if (error instanceof VapidRejected) return c.text(error.message, error.status);
      throw error;
    }
    const ttl = c.req.header("TTL") ?? "";
    if (!/^\d+$/.test(ttl)) return c.text("TTL must be a whole number of seconds", 400);
    if (c.req.header("Content-Encoding") !== "aes128gcm") return c.text("Content-Encoding must be aes128gcm", 415);
    const body = Buffer.from(await c.req.arrayBuffer());
    if (body.length > MAX_BODY_BYTES) return c.text(`The body is over ${MAX_BODY_BYTES} bytes`, 413);
    let payload: string;
    try {
      payload = decryptPushMessage(body, subscription.receiver, subscription.authSecret);
    } catch (error) {
      if (error instanceof UndecryptableMessage) return c.text(error.message, 400);
      throw error;
    }
    const id = randomUUID();
    subscription.messages.push({
      id,
      receivedAt: new Date().toISOString(),
      payload,
      ttlSeconds: Number(ttl),
      urgency: c.req.header("Urgency") ?? "normal",
      topic: c.req.header("Topic") ?? null,
      vapidSubject,
    });
    return c.body(null, 201, { Location: `${base}/messages/${id}` });
  });
  return app;
}

export interface PushFakeOptions {
  /** 0 picks a free port (unit tests). */
  port: number;
}

export interface RunningPushFake {
  /** http://127.0.0.1:PORT: subscriptions' endpoints and the /_fake/ controls. */
  url: string;
  /** The functions' setting that makes this the only push service they send to. */
  settings: { PUSH_SERVICE_HOSTS: string };
  stop(): Promise<void>;
}

export function startPushFake(options: PushFakeOptions): Promise<RunningPushFake> {
  let app: Hono | undefined;
  const server = createAdaptorServer({ fetch: (request: Request) => app!.fetch(request) }) as Server;
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(new Error(`The fake push service cannot listen on 127.0.0.1:${options.port}: ${error.message}`));
    server.once("error", onError);
    // Loopback only, like the rest of the stack.
    server.listen(options.port, "127.0.0.1", () => {
      server.off("error", onError);
      // Known only once listening, for a port of 0; it is also the VAPID audience the senders must name.
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      app = pushFakeApp(new SubscriptionStore(), url);
      resolve({
        url,
        settings: { PUSH_SERVICE_HOSTS: url },
        stop: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
