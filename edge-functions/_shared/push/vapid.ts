// VAPID (RFC 8292): the push service learns who sends, and that the sender holds the private key whose public half
// the browser subscribed with. web-push signs the ES256 token; this module picks its audience and lifetime.
// @ts-types="@types/web-push"
import webPush from "web-push";

/** RFC 8292 allows at most 24 hours; a token is made per message, so an hour is plenty and leaks less if logged. */
export const VAPID_TOKEN_LIFETIME_SECONDS = 60 * 60;

export interface VapidCredentials {
  /** The application server's P-256 public key, uncompressed, base64url: the applicationServerKey browsers get. */
  publicKey: string;
  /** Its private key (32 octets), base64url. */
  privateKey: string;
  /** Who to contact about these messages: a mailto: or https: URL. */
  subject: string;
}

/** The Authorization header ("vapid t=<JWT>, k=<public key>") for a message to this endpoint. */
export function vapidAuthorization(endpoint: URL, vapid: VapidCredentials, now = new Date()): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + VAPID_TOKEN_LIFETIME_SECONDS;
  // The audience is the push service's origin, never the whole endpoint, which identifies the subscriber.
  const { Authorization } = webPush.getVapidHeaders(
    endpoint.origin,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    "aes128gcm",
    expiresAt,
  );
  return Authorization;
}
