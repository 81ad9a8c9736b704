// Keys for the functions' own signatures and hashes, derived with HKDF from WORKER_SECRET: a secret every deployment
// has and never shows. Each use names its purpose, which keeps its key apart from every other use and from the
// secret's own (authenticating worker kicks), so a value made for one purpose means nothing to another.

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** An HMAC-SHA-256 key for `purpose`, derived from `secret`; derived once per instance. */
export function derivedHmacKey(secret: string, purpose: string): Promise<CryptoKey> {
  const cacheKey = `${purpose}\n${secret}`;
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
