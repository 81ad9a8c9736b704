// How the contacts domain's refusals become HTTP answers ({message}, via lib/errors.ts's HTTPException handling);
// shared by the contacts and contact-lists handlers.
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ContactError, type ContactFailure } from "../../../_shared/contacts/errors.ts";

const failureStatus: Record<ContactFailure, ContentfulStatusCode> = {
  contact_not_found: 404,
  list_not_found: 404,
  already_saved: 409,
  default_list: 400,
  invalid_input: 400,
};

export async function answering<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ContactError) {
      throw new HTTPException(failureStatus[error.reason], { message: error.message, cause: error });
    }
    throw error;
  }
}

/** A path id that is not a positive whole number is answered like an id of someone else's row: not found. */
export function pathId(text: string | undefined, notFound: () => ContactError): number {
  if (!text || !/^[1-9][0-9]{0,15}$/.test(text)) {
    const error = notFound();
    throw new HTTPException(failureStatus[error.reason], { message: error.message });
  }
  return Number(text);
}
