// Account failures a person can act on. Each reason carries the text the API answers; the api function decides the
// HTTP status, this module knows nothing of HTTP.
export const accountFailureMessages = {
  // One answer whether the username or the email address is in use (or both), so registering cannot be used to learn
  // who has an account. devstack's Auth hook (private.hook_before_user_created) answers a taken username in the same
  // words.
  registration_conflict: "An account can't be created with these details. If you already have one, sign in.",
  // The same words whether the user is unknown or the password is wrong, so the answer reveals nothing about who exists.
  invalid_credentials: "Invalid credentials",
  // Details that break a rule (a common password, say); the message names the rule, this is only its fallback.
  invalid_details: "Please check the account details",
} as const;

export type AccountFailure = keyof typeof accountFailureMessages;

export class AccountError extends Error {
  constructor(readonly reason: AccountFailure, message: string = accountFailureMessages[reason]) {
    super(message);
    this.name = "AccountError";
  }
}
