// Why a contacts operation was refused, in terms the API turns into answers (api/routes/contacts/*.handlers.ts):
// not found (another user's id included: their rows are never acknowledged), already saved, the default list's rules,
// and input the database refused (a field limit it checks itself).
export type ContactFailure =
  | "contact_not_found"
  | "list_not_found"
  | "already_saved"
  | "default_list"
  | "invalid_input";

export class ContactError extends Error {
  constructor(readonly reason: ContactFailure, message: string) {
    super(message);
    this.name = "ContactError";
  }
}

export const contactNotFound = () => new ContactError("contact_not_found", "Contact not found");
export const listNotFound = () => new ContactError("list_not_found", "Contact list not found");
export const alreadySaved = () => new ContactError("already_saved", "Already saved to contacts");
