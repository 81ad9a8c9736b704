// An HMAC-SHA-256 key for one use, derived with HKDF from a deployment secret (WORKER_SECRET): every deployment has
// it and never shows it, and the derivation keeps each use's key apart from the others and from the secret's own use.
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** The key for `purpose` (HKDF's info): the same secret and purpose always give the same key, built once. */
export function hmacKeyFromSecret(secret: string, purpose: string): Promise<CryptoKey> {
  const cacheKey = `${purpose}\u0000${secret}`;
  let key = keys.get(cacheKey);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveKey"]).then((material) =>
      crypto.subtle.deriveKey(
        { name: "HKDF", hash: "SHA-256", salt: encoder.encode("mailscout"), info: encoder.encode(purpose) },
        material,
        { name: "HMAC", hash: "SHA-256", length: 256 },
        false,
        ["sign", "verify"],
      )
    );
    keys.set(cacheKey, key);
  }
  return key;
}
