// Resend's own limits, shared by the product's sender and devstack's stand-in for Resend (which imports this file
// without the sender's Deno-only settings).

/** Recipients in one field (to, cc, bcc) of one email. */
export const MAX_RECIPIENTS = 50;
/** Emails in one POST /emails/batch. */
export const MAX_BATCH = 100;
