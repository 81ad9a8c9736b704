// Object ids shaped like the providers': a prefix and random letters and digits (cs_test_a1B2..., 5O190127TN364715T).
import { randomInt } from "node:crypto";

const ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const UPPER_ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function randomString(alphabet: string, length: number): string {
  let text = "";
  for (let i = 0; i < length; i++) text += alphabet[randomInt(alphabet.length)];
  return text;
}

/** A coupon's id when none is chosen: 8 letters and digits, as Stripe makes them. */
export function newCouponId(): string {
  return randomString(ALPHANUMERIC, 8);
}

/** A Stripe id: `cus_` + 14 characters, or longer for the kinds Stripe makes longer (sessions, events). */
export function stripeId(prefix: string, length = 24): string {
  return `${prefix}_${randomString(ALPHANUMERIC, length)}`;
}

/** A PayPal id: 17 upper-case letters and digits (orders, captures, refunds, payers). */
export function paypalId(length = 17): string {
  return randomString(UPPER_ALPHANUMERIC, length);
}
