// What the admin SQL functions refuse, as the DomainErrors the api answers: each raises SQLSTATE P0xxx with a reason
// word as the message (the admin migrations), P0422 naming the field as <field>_invalid, and P0429 the seconds to wait
// in its DETAIL.
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";
import { DATABASE_EXPORT_EVERY_SECONDS } from "./contract.ts";

/** The database's field names as the contract names them, with the rule the field broke. */
const INVALID_FIELDS: Record<string, string> = {
  amount: "amount: Amount must be a whole number from 1 to 1,000,000",
  expires_at: "expiresAt: expiresAt must be in the future",
  until: "until: until must be in the future",
  reason: "reason: Reason is required",
  report_range: "endDate: the dates are reversed or span more than the report type allows",
  monthly_cost: "monthlyCostCents: monthlyCostCents must be 0 or more",
  max_requests_per_minute: "maxRequestsPerMinute: maxRequestsPerMinute is out of range",
  throttle_level: "currentThrottleLevel: Throttle level must be between 0 and 100",
};

const REFUSALS: Record<string, () => DomainError> = {
  "P0403 admins_only": () => new DomainError("admin_only"),
  "P0404 user_not_found": () => new DomainError("user_not_found"),
  "P0404 grant_not_found": () => new DomainError("grant_not_found"),
  "P0404 domain_not_found": () => new DomainError("domain_not_found"),
  "P0409 last_admin": () => new DomainError("last_admin"),
  "P0409 own_admin_flag": () => new DomainError("own_admin_flag"),
  "P0409 own_suspension": () => new DomainError("own_suspension"),
  "P0409 grant_used": () => new DomainError("grant_used"),
  "P0409 grant_revoked": () => new DomainError("grant_revoked"),
};

function adminRefusal(found: DatabaseError): DomainError | null {
  const known = REFUSALS[`${found.code} ${found.message}`];
  if (known) return known();
  if (found.code === "P0422" && found.message?.endsWith("_invalid")) {
    const field = found.message.slice(0, -"_invalid".length);
    return new DomainError("invalid_input", { problem: INVALID_FIELDS[field] ?? `${field}: is not allowed` });
  }
  if (found.code === "P0429" && found.message === "export_too_soon") {
    const resetSeconds = Math.max(1, Number.parseInt(found.detail ?? "", 10) || DATABASE_EXPORT_EVERY_SECONDS);
    return new DomainError("rate_limited", {
      decision: { allowed: false, limit: 1, remaining: 0, resetSeconds },
      what: `The database can be exported once every ${DATABASE_EXPORT_EVERY_SECONDS} seconds.`,
    });
  }
  return null;
}

/** Runs `work`, the admin functions' refusals thrown as DomainErrors. */
export async function adminRefusals<T>(work: () => Promise<T>): Promise<T> {
  return await withRefusals(adminRefusal, work);
}
