// Secrets kept in the database (payment providers' credentials) are sealed here, with a key the database never sees:
// AES-256-GCM through Web Crypto, a fresh random 12-byte IV per sealing, and the key's id in the sealed text so a
// keyring holding older keys can still open what they sealed while a rotation is under way. The id and version are
// bound to the ciphertext as additional data, so changing either makes the text fail to open, like any tampering.
//
// Sealed text: v1.<key id>.<IV, base64url>.<ciphertext and tag, base64url>

import { fromBase64, fromBase64Url, toBase64Url } from "../base64url.ts";

const VERSION = "v1";
const IV_BYTES = 12;
export const KEY_BYTES = 32;

/** Why a sealed text could not be opened (never says anything of the secret). */
export class SealedTextError extends Error {
  override name = "SealedTextError";
}

interface KeyringKey {
  id: string;
  key: CryptoKey;
}

/** The current key seals; every key (current and previous) opens. */
export interface Keyring {
  current: KeyringKey;
  byId: ReadonlyMap<string, CryptoKey>;
}

/** The 32 bytes a base64 key setting stands for, or null when it is not base64 of exactly 32 bytes. */
export function keyBytes(base64: string): Uint8Array<ArrayBuffer> | null {
  try {
    const bytes = fromBase64(base64.trim());
    return bytes.length === KEY_BYTES ? bytes : null;
  } catch {
    return null;
  }
}

/** A keyring from base64 keys: the current one, then any previous ones (still opened, never used to seal). */
export async function keyringOf(current: string, previous: readonly string[] = []): Promise<Keyring> {
  const keys = await Promise.all([current, ...previous].map(importKey));
  return { current: keys[0]!, byId: new Map(keys.map(({ id, key }) => [id, key])) };
}

async function importKey(base64: string): Promise<KeyringKey> {
  const bytes = keyBytes(base64);
  if (!bytes) throw new Error(`An encryption key must be base64 of ${KEY_BYTES} bytes`);
  // The id is a digest's first bytes, not the key: it names the key without helping anyone guess it.
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  const id = Array.from(digest.slice(0, 4), (byte) => byte.toString(16).padStart(2, "0")).join("");
  const key = await crypto.subtle.importKey("raw", bytes, "AES-GCM", false, ["encrypt", "decrypt"]);
  return { id, key };
}

export async function seal(keyring: Keyring, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const header = `${VERSION}.${keyring.current.id}`;
  const ciphertext = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(header) },
    keyring.current.key,
    new TextEncoder().encode(plaintext),
  );
  return `${header}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(ciphertext))}`;
}

export async function open(keyring: Keyring, sealed: string): Promise<string> {
  const [version, keyId, iv, ciphertext, ...rest] = sealed.split(".");
  if (version !== VERSION || !keyId || !iv || !ciphertext || rest.length > 0) {
    throw new SealedTextError("Not a sealed text");
  }
  const key = keyring.byId.get(keyId);
  if (!key) throw new SealedTextError(`Sealed with key ${keyId}, which the keyring does not hold`);
  try {
    const plaintext = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv), additionalData: new TextEncoder().encode(`${version}.${keyId}`) },
      key,
      fromBase64Url(ciphertext),
    );
    return new TextDecoder().decode(plaintext);
  } catch {
    throw new SealedTextError("The sealed text does not open with its key: it was changed, or the key is not the one");
  }
}

/** Whether the text was sealed under another key than the current one (a rotation's reseal opens and seals it again). */
export function sealedUnderOlderKey(keyring: Keyring, sealed: string): boolean {
  return sealed.split(".")[1] !== keyring.current.id;
}
