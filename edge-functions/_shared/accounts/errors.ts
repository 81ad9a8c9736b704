// Account failures a person can act on. Each reason carries the exact text the API answers (issue #2 §4); the api
// function decides the HTTP status, this module knows nothing of HTTP.
export const accountFailureMessages = {
  username_taken: "Username already taken",
  email_taken: "Email already registered",
  // The same words whether the user is unknown or the password is wrong, so the answer reveals nothing about who exists.
  invalid_credentials: "Invalid credentials",
} as const;

export type AccountFailure = keyof typeof accountFailureMessages;

export class AccountError extends Error {
  constructor(readonly reason: AccountFailure) {
    super(accountFailureMessages[reason]);
    this.name = "AccountError";
  }
}
