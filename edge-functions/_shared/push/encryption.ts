// A push message's body, encrypted for one subscription as RFC 8291 says (the aes128gcm content encoding of RFC 8188,
// keyed by ECDH between a one-off sender key and the browser's p256dh key, salted with its auth secret). http_ece is
// the library web-push itself encrypts with; it is called directly because web-push's own wrapper makes up the sender
// key and salt inside, and RFC 8291's worked example can only be checked with both given.
import { Buffer } from "node:buffer";
import { createECDH, randomBytes } from "node:crypto";
import ece from "http_ece";

/** One record holds the whole message: RFC 8291 has push services accept 4096 octets of body at least. */
const RECORD_SIZE = 4096;
/** The header (salt 16, rs 4, idlen 1, the 65-octet sender key), AES-GCM's tag and the padding delimiter. */
export const MAX_PAYLOAD_BYTES = RECORD_SIZE - (16 + 4 + 1 + 65) - 16 - 1;

export interface SubscriptionKeys {
  /** The browser's P-256 public key, uncompressed (65 octets), base64url. */
  p256dh: string;
  /** The browser's 16-octet auth secret, base64url. */
  auth: string;
}

/** Fixed only to reproduce a known answer; otherwise each message gets a new sender key and salt, as it must. */
export interface SenderSecrets {
  /** The sender's P-256 private key (32 octets), base64url. */
  privateKey: string;
  /** 16 octets, base64url. */
  salt: string;
}

export function encryptPushPayload(keys: SubscriptionKeys, payload: string, sender?: SenderSecrets): Uint8Array<ArrayBuffer> {
  const plaintext = Buffer.from(payload, "utf8");
  if (plaintext.length > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`A push message holds at most ${MAX_PAYLOAD_BYTES} bytes, not ${plaintext.length}`);
  }
  const senderKey = createECDH("prime256v1");
  if (sender) senderKey.setPrivateKey(Buffer.from(sender.privateKey, "base64url"));
  else senderKey.generateKeys();
  return Uint8Array.from(
    ece.encrypt(plaintext, {
      version: "aes128gcm",
      dh: keys.p256dh,
      authSecret: keys.auth,
      privateKey: senderKey,
      salt: sender ? sender.salt : randomBytes(16).toString("base64url"),
      rs: RECORD_SIZE,
    }),
  );
}
