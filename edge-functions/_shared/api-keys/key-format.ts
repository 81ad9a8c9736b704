// The API key's text, checked without a database lookup: the prefix, the length, the base62 alphabet and the checksum
// over the prefix and body. Keys are made in the database (private.new_api_key_secret in the key format migration),
// which spells the same format in SQL; the keys of testing/key-format-cases.json hold both to it.
import { createHash } from "node:crypto";
import {
  API_KEY_BODY_LENGTH,
  API_KEY_CHECKSUM_LENGTH,
  API_KEY_LENGTH,
  API_KEY_PREFIX,
  BASE62_ALPHABET,
} from "./contract.ts";

const BASE62_CHARACTERS = new RegExp(`^[${BASE62_ALPHABET}]+$`);
const CHECKSUM_BYTES = 4;

function sha256(text: string): Buffer {
  return createHash("sha256").update(text, "utf8").digest();
}

/** The bytes as one unsigned big-endian number in base62, left-padded with "0" to `width` digits. */
function base62(bytes: Uint8Array, width: number): string {
  let n = bytes.reduce((sum, byte) => sum * 256n + BigInt(byte), 0n);
  let digits = "";
  while (n > 0n) {
    digits = BASE62_ALPHABET[Number(n % 62n)] + digits;
    n /= 62n;
  }
  return digits.padStart(width, "0");
}

/** The characters that end a key: the first 4 bytes of SHA-256 of the prefix and body, in base62. */
export function apiKeyChecksum(prefixedBody: string): string {
  return base62(sha256(prefixedBody).subarray(0, CHECKSUM_BYTES), API_KEY_CHECKSUM_LENGTH);
}

/** Whether `text` has a key's shape and its checksum matches: a typo or a made-up key fails here, before any query. */
export function isWellFormedApiKey(text: string): boolean {
  if (text.length !== API_KEY_LENGTH || !text.startsWith(API_KEY_PREFIX)) return false;
  const rest = text.slice(API_KEY_PREFIX.length);
  if (!BASE62_CHARACTERS.test(rest)) return false;
  const bodyEnd = API_KEY_PREFIX.length + API_KEY_BODY_LENGTH;
  return apiKeyChecksum(text.slice(0, bodyEnd)) === text.slice(bodyEnd);
}

/** What api_keys.key_hash stores for a key: SHA-256 of the whole key, lower-case hex. */
export function apiKeyHash(key: string): string {
  return sha256(key).toString("hex");
}
