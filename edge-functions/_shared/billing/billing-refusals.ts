// What the billing SQL functions refuse, as the DomainErrors the api answers: each raises SQLSTATE P0xxx with a reason
// word as the message (the payments migrations).
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";

const REFUSALS: Record<string, () => DomainError> = {
  "P0403 admins_only": () => new DomainError("admin_only"),
  "P0404 discount_unknown": () => new DomainError("discount_unknown"),
  "P0410 discount_expired": () => new DomainError("discount_expired"),
  "P0409 discount_redeemed": () => new DomainError("discount_redeemed"),
  "P0404 payment_not_found": () => new DomainError("payment_not_found"),
  "P0409 payment_not_pending": () => new DomainError("payment_not_pending"),
  "P0409 payment_not_paid": () => new DomainError("payment_not_refundable"),
  "P0409 refund_not_allowed": () => new DomainError("refund_not_allowed"),
  "P0409 reference_used": () => new DomainError("reference_used"),
  "P0409 amount_mismatch": () => new DomainError("amount_mismatch"),
  "P0404 subscription_not_found": () => new DomainError("subscription_not_found"),
  "P0409 subscription_exists": () => new DomainError("subscription_exists"),
  "P0404 user_not_found": () => new DomainError("user_not_found"),
};

function billingRefusal(found: DatabaseError): DomainError | null {
  return REFUSALS[`${found.code} ${found.message}`]?.() ?? null;
}

/** Runs `work`, the billing functions' refusals thrown as DomainErrors. */
export async function billingRefusals<T>(work: () => Promise<T>): Promise<T> {
  return await withRefusals(billingRefusal, work);
}
