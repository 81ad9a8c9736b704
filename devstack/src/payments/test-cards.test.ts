import { describe, expect, it } from "vitest";
import { DECLINE_MESSAGES, TEST_CARDS, checkCard } from "./test-cards.ts";

const now = new Date("2027-03-15T12:00:00Z");

describe("checkCard", () => {
  it("knows every card of the table, whatever the spacing", () => {
    for (const card of TEST_CARDS) {
      const spaced = card.number.replace(/(\d{4})(?=\d)/g, "$1 ");
      expect(checkCard({ number: spaced, expiry: "12 / 30", cvc: "123" }, now)).toMatchObject({ ok: true, card });
    }
  });

  it("says what Stripe says of each outcome the brief names", () => {
    const behaviour = (number: string) => TEST_CARDS.find((card) => card.number === number)!.behaviour;
    expect(behaviour("4242424242424242")).toEqual({ kind: "succeeds" });
    expect(behaviour("4000000000000002")).toEqual({ kind: "declined", declineCode: "generic_decline" });
    expect(DECLINE_MESSAGES.generic_decline).toBe("Your card was declined.");
    expect(behaviour("4000000000009995")).toEqual({ kind: "declined", declineCode: "insufficient_funds" });
    expect(behaviour("4000002500003155")).toEqual({ kind: "requires_authentication", everyPayment: false });
    expect(behaviour("4000002760003184")).toEqual({ kind: "requires_authentication", everyPayment: true });
  });

  it("refuses incomplete or invalid numbers, past or malformed expiries, bad CVCs and real cards", () => {
    expect(checkCard({ number: "4242" }, now)).toEqual({ ok: false, message: "Your card number is incomplete." });
    expect(checkCard({ number: "4242424242424241" }, now)).toEqual({ ok: false, message: "Your card number is invalid." });
    expect(checkCard({ number: "4242424242424242", expiry: "02/27" }, now)).toEqual({
      ok: false,
      message: "Your card's expiration date is in the past.",
    });
    expect(checkCard({ number: "4242424242424242", expiry: "03/27" }, now)).toMatchObject({ ok: true, expMonth: 3, expYear: 2027 });
    expect(checkCard({ number: "4242424242424242", expiry: "13/30" }, now)).toMatchObject({ ok: false });
    expect(checkCard({ number: "4242424242424242", expiry: "soon" }, now)).toMatchObject({ ok: false });
    expect(checkCard({ number: "4242424242424242", expiry: "12/30", cvc: "1" }, now)).toMatchObject({ ok: false });
    expect(checkCard({ number: "4111111111111111" }, now)).toMatchObject({ ok: false, message: expect.stringContaining("non test card") });
  });
});
