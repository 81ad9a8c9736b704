// What a browser does with a push message: RFC 8291's aes128gcm body decrypted with the subscription's private key and
// auth secret. Written here on Node's crypto rather than through http_ece, which the sender encrypts with, so that a
// message the fake reads proves the sender followed the RFC, not merely that one library agrees with itself.
import { type ECDH, createDecipheriv, hkdfSync } from "node:crypto";

const SALT_BYTES = 16;
const KEY_BYTES = 65;
const TAG_BYTES = 16;

export class UndecryptableMessage extends Error {}

function expand(ikm: Buffer, salt: Buffer, info: Buffer, length: number): Buffer {
  return Buffer.from(hkdfSync("sha256", ikm, salt, info, length));
}

/** The plaintext of a single-record message; UndecryptableMessage says what is wrong with any other body. */
export function decryptPushMessage(body: Buffer, receiver: ECDH, authSecret: Buffer): string {
  if (body.length < SALT_BYTES + 5 + KEY_BYTES + TAG_BYTES + 1) throw new UndecryptableMessage("the body is too short");
  const salt = body.subarray(0, SALT_BYTES);
  const recordSize = body.readUInt32BE(SALT_BYTES);
  const idLength = body.readUInt8(SALT_BYTES + 4);
  if (idLength !== KEY_BYTES) throw new UndecryptableMessage(`the key id must be the sender's 65-byte key, not ${idLength} bytes`);
  const senderKey = body.subarray(SALT_BYTES + 5, SALT_BYTES + 5 + KEY_BYTES);
  const record = body.subarray(SALT_BYTES + 5 + KEY_BYTES);
  // RFC 8291: push messages are one record, which the record size must be large enough to hold.
  if (record.length > recordSize) throw new UndecryptableMessage("the message is more than one record");

  let sharedSecret: Buffer;
  try {
    sharedSecret = receiver.computeSecret(senderKey);
  } catch {
    throw new UndecryptableMessage("the sender's key is not a P-256 point");
  }
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiver.getPublicKey(), senderKey]);
  const ikm = expand(sharedSecret, authSecret, keyInfo, 32);
  const contentKey = expand(ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = expand(ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12);

  const decipher = createDecipheriv("aes-128-gcm", contentKey, nonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  let padded: Buffer;
  try {
    padded = Buffer.concat([decipher.update(record.subarray(0, record.length - TAG_BYTES)), decipher.final()]);
  } catch {
    throw new UndecryptableMessage("the body does not decrypt with this subscription's keys");
  }
  // The plaintext, then the last record's delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new UndecryptableMessage("the record does not end with the last record's delimiter");
  return padded.subarray(0, end).toString("utf8");
}
