// Resend's own limits, shared by the product's sender and devstack's stand-in for Resend (which imports this file
// without the sender's Deno-only settings).

/** Recipients in one field (to, cc, bcc) of one email. */
export const MAX_RECIPIENTS = 50;
/** Emails in one POST /emails/batch. */
export const MAX_BATCH = 100;
/** Characters in an Idempotency-Key; Resend keeps a key for 24 hours. */
export const MAX_IDEMPOTENCY_KEY = 256;
