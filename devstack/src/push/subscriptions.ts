// The fake push service's browsers: each test subscription holds the private key and auth secret a browser would keep,
// so the fake can read what is pushed to it, and the messages it took. Memory only, like the mail catcher.
import { type ECDH, createECDH, randomBytes, randomUUID } from "node:crypto";

export interface ReceivedPushMessage {
  id: string;
  receivedAt: string;
  /** The decrypted payload, as the browser's push event would see it. */
  payload: string;
  ttlSeconds: number;
  urgency: string;
  topic: string | null;
  /** The VAPID token's sub: who the sender says to contact. */
  vapidSubject: string;
}

export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  receiver: ECDH;
  authSecret: Buffer;
  /** The VAPID public key the browser subscribed with; pushes signed with another are refused. */
  applicationServerKey?: string;
  /** Set by a test: every push answers 410, as for a subscription the user withdrew. */
  gone: boolean;
  messages: ReceivedPushMessage[];
}

export class SubscriptionStore {
  readonly #subscriptions = new Map<string, FakeSubscription>();

  create(base: string, applicationServerKey?: string): FakeSubscription {
    const id = randomUUID();
    const receiver = createECDH("prime256v1");
    const p256dh = receiver.generateKeys().toString("base64url");
    const authSecret = randomBytes(16);
    const subscription: FakeSubscription = {
      id,
      endpoint: `${base}/push/${id}`,
      keys: { p256dh, auth: authSecret.toString("base64url") },
      receiver,
      authSecret,
      applicationServerKey,
      gone: false,
      messages: [],
    };
    this.#subscriptions.set(id, subscription);
    return subscription;
  }

  get(id: string): FakeSubscription | undefined {
    return this.#subscriptions.get(id);
  }
}
