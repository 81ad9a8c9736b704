// What the anonymous allowance refuses, as reasons the API turns into status codes (api/lib/errors.ts).

export type AnonymousFailure =
  | "unknown_session"
  | "unknown_client_address"
  | "discount_not_offered"
  | "discount_expired"
  | "discount_redeemed";

const messages: Record<AnonymousFailure, string> = {
  unknown_session: "Anonymous session not found",
  unknown_client_address: "The client's address is unknown (no X-Forwarded-For)",
  discount_not_offered: "The discount is offered once the free validations are used up",
  discount_expired: "This session's discount code has expired",
  discount_redeemed: "This session's discount code has already been used",
};

export class AnonymousError extends Error {
  constructor(readonly reason: AnonymousFailure) {
    super(messages[reason]);
    this.name = "AnonymousError";
  }
}
