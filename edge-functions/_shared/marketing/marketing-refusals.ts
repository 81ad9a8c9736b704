// What marketing's tables, triggers and admin functions refuse, as the DomainErrors the api answers: SQLSTATE P0xxx
// with a reason word as the message. A missing row is the not-found of the kind the caller asked about, since the
// send functions say campaign_not_found for pushes and emails alike.
import { type DatabaseError, withRefusals } from "../db/refusals.ts";
import { DomainError } from "../errors.ts";

export type NotFoundReason =
  | "campaign_not_found"
  | "banner_ad_not_found"
  | "popup_campaign_not_found"
  | "push_notification_not_found"
  | "email_campaign_not_found"
  | "affiliate_not_found";

const REFUSALS: Record<string, () => DomainError> = {
  "P0403 admins_only": () => new DomainError("admin_only"),
  "P0409 campaign_not_active": () => new DomainError("campaign_not_active"),
  "P0409 already_sent": () => new DomainError("already_sent"),
  "P0409 crm_type_locked": () => new DomainError("crm_type_locked"),
  "P0409 zoho_exists": () => new DomainError("zoho_exists"),
  "P0409 counter_read_only": () => new DomainError("counter_read_only"),
  "P0400 invalid_timezone": () =>
    new DomainError("invalid_input", { problem: "scheduling.timezone: timezone must be an IANA time zone such as Europe/Paris" }),
};

function refusal(notFound: NotFoundReason) {
  return (found: DatabaseError): DomainError | null => {
    if (found.code === "P0404") return new DomainError(notFound);
    return REFUSALS[`${found.code} ${found.message}`]?.() ?? null;
  };
}

/** Runs `work`, the database's marketing refusals thrown as DomainErrors; a missing row as `notFound`. */
export async function marketingRefusals<T>(notFound: NotFoundReason, work: () => Promise<T>): Promise<T> {
  return await withRefusals(refusal(notFound), work);
}
