// The one-time upgrade discount: 20% off the first month, single use, void 24 hours after it is
// issued (the database stamps the expiry). Codes are crypto-random, so one can't be guessed from another.

export const DISCOUNT_PERCENT_OFF = 20;

// Crockford's base32: no I, L, O or U, so a code read aloud or retyped is not misread. 32 symbols divide 256, so
// taking a byte modulo 32 keeps every symbol equally likely.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const RANDOM_SYMBOLS = 10; // 50 bits

/** A fresh code such as "MS20-7K2QX9PD4M". */
export function newDiscountCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(RANDOM_SYMBOLS));
  return `MS${DISCOUNT_PERCENT_OFF}-${Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("")}`;
}
