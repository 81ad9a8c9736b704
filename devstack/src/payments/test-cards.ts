// Stripe's test card numbers and what each does, as Stripe documents them for test mode. The fake's checkout page and
// its /_fake/ pay control charge through this table, and the README's table is this one.

export type DeclineCode =
  | "generic_decline"
  | "insufficient_funds"
  | "lost_card"
  | "stolen_card"
  | "expired_card"
  | "incorrect_cvc"
  | "processing_error";

export type CardBehaviour =
  | { kind: "succeeds" }
  /** 3-D Secure: the buyer must complete an authentication step before the payment goes through. */
  | { kind: "requires_authentication"; /** Renewals off-session need it again, and so fail. */ everyPayment: boolean }
  | { kind: "declined"; declineCode: DeclineCode };

export interface TestCard {
  number: string;
  brand: "visa" | "mastercard" | "amex";
  behaviour: CardBehaviour;
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", brand: "visa", behaviour: { kind: "succeeds" }, description: "Succeeds" },
  { number: "5555555555554444", brand: "mastercard", behaviour: { kind: "succeeds" }, description: "Succeeds (Mastercard)" },
  {
    number: "4000002500003155",
    brand: "visa",
    behaviour: { kind: "requires_authentication", everyPayment: false },
    description: "3-D Secure on the first payment; renewals go through",
  },
  {
    number: "4000002760003184",
    brand: "visa",
    behaviour: { kind: "requires_authentication", everyPayment: true },
    description: "3-D Secure on every payment, so a renewal fails (invoice.payment_failed)",
  },
  { number: "4000000000000002", brand: "visa", behaviour: { kind: "declined", declineCode: "generic_decline" }, description: "Declined" },
  {
    number: "4000000000009995",
    brand: "visa",
    behaviour: { kind: "declined", declineCode: "insufficient_funds" },
    description: "Declined: insufficient funds",
  },
  { number: "4000000000009987", brand: "visa", behaviour: { kind: "declined", declineCode: "lost_card" }, description: "Declined: lost card" },
  { number: "4000000000009979", brand: "visa", behaviour: { kind: "declined", declineCode: "stolen_card" }, description: "Declined: stolen card" },
  { number: "4000000000000069", brand: "visa", behaviour: { kind: "declined", declineCode: "expired_card" }, description: "Declined: expired card" },
  { number: "4000000000000127", brand: "visa", behaviour: { kind: "declined", declineCode: "incorrect_cvc" }, description: "Declined: incorrect CVC" },
  {
    number: "4000000000000119",
    brand: "visa",
    behaviour: { kind: "declined", declineCode: "processing_error" },
    description: "Declined: processing error",
  },
];

/** Stripe's messages for each decline, as its checkout page shows them. */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  generic_decline: "Your card was declined.",
  insufficient_funds: "Your card has insufficient funds.",
  lost_card: "Your card was declined.",
  stolen_card: "Your card was declined.",
  expired_card: "Your card has expired.",
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: "An error occurred while processing your card. Try again in a little bit.",
};

export const AUTHENTICATION_FAILED_MESSAGE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

export interface CardInput {
  number: string;
  /** "MM / YY", "MM/YY" or "MM/YYYY"; absent means a valid one (the /_fake/ control). */
  expiry?: string;
  cvc?: string;
}

export type CardCheck =
  | { ok: true; card: TestCard; expMonth: number; expYear: number }
  | { ok: false; message: string };

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function parseExpiry(expiry: string, now: Date): { month: number; year: number } | string {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return "Your card's expiration date is incomplete.";
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "Your card's expiration month is invalid.";
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return "Your card's expiration date is in the past.";
  return { month, year };
}

/**
 * What the checkout page checks before charging: the number's form, the expiry and the CVC, with Stripe's messages.
 * A well-formed number that is not a test card is refused as Stripe's test mode refuses real cards.
 */
export function checkCard(input: CardInput, now = new Date()): CardCheck {
  const digits = input.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits)) return { ok: false, message: "Your card number is incomplete." };
  if (!luhnValid(digits)) return { ok: false, message: "Your card number is invalid." };
  let expMonth = 12;
  let expYear = now.getUTCFullYear() + 5;
  if (input.expiry !== undefined) {
    const expiry = parseExpiry(input.expiry, now);
    if (typeof expiry === "string") return { ok: false, message: expiry };
    expMonth = expiry.month;
    expYear = expiry.year;
  }
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc.trim())) {
    return { ok: false, message: "Your card's security code is incomplete." };
  }
  const card = TEST_CARDS.find((candidate) => candidate.number === digits);
  if (!card) {
    return {
      ok: false,
      message: "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://docs.stripe.com/testing.",
    };
  }
  return { ok: true, card, expMonth, expYear };
}
