// Device notifications: this browser subscribes to pushes with the server's VAPID key through the push service
// worker (public/push-sw.js), and the subscription is saved so sends reach it.
import { savePushSubscription } from "./api/save-push-subscription";

export const PUSH_SERVICE_WORKER = "/push-sw.js";

/** Whether this browser can receive pushes at all (a service worker and PushManager, and not refused before). */
export function canUsePush(): boolean {
  return (
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window &&
    Notification.permission !== "denied"
  );
}

/** The base64url VAPID key as the bytes PushManager wants. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Asks permission, subscribes and saves the subscription; false when the person said no. */
export async function allowDeviceNotifications(vapidPublicKey: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== "granted") return false;
  const registration = await navigator.serviceWorker.register(PUSH_SERVICE_WORKER);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: vapidKeyBytes(vapidPublicKey) }));
  const { endpoint, keys } = subscription.toJSON();
  await savePushSubscription({ endpoint: endpoint ?? "", keys: { p256dh: keys?.p256dh ?? "", auth: keys?.auth ?? "" } });
  return true;
}
