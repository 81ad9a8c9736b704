// A row's id in the path (/contacts/:id). Anything but a positive whole number is answered like the id of someone
// else's row, not found, so a malformed id reveals nothing a well-formed one would not.
import { DomainError } from "../../_shared/errors.ts";
import type { NotFoundReason } from "../../_shared/marketing/index.ts";

export function pathId(
  text: string | undefined,
  notFound:
    | "contact_not_found"
    | "list_not_found"
    | "message_not_found"
    | "grant_not_found"
    | "popup_not_found"
    | "duplicate_record_not_found"
    | "merge_not_found",
): number {
  if (!text || !/^[1-9][0-9]{0,15}$/.test(text)) throw new DomainError(notFound);
  return Number(text);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid in the path (/bulk-validation/sessions/:id), lower-cased; anything else is not found, like pathId. */
export function pathUuid(
  text: string | undefined,
  notFound:
    | "bulk_session_not_found"
    | "ticket_not_found"
    | "user_not_found"
    | "payment_not_found"
    | "seo_page_not_found"
    | "seo_removal_not_found"
    | "crm_run_not_found"
    | "api_key_not_found"
    | NotFoundReason,
): string {
  if (!text || !UUID.test(text)) throw new DomainError(notFound);
  return text.toLowerCase();
}
