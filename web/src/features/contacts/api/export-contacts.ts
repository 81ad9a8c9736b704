// The export's fetch: every contact of the current view (same q and listId), page by page at the API's ceiling, so a
// large list is read in a few calls and never in one unbounded answer.
import { CONTACTS_PAGE_MAX, type Contact } from "@contracts/contacts";
import { getContacts } from "./get-contacts";

export async function getAllContacts(view: { q?: string; listId?: number }, signal?: AbortSignal): Promise<Contact[]> {
  const contacts: Contact[] = [];
  for (;;) {
    const page = await getContacts(
      { q: view.q, listId: view.listId, limit: CONTACTS_PAGE_MAX, offset: contacts.length },
      signal,
    );
    contacts.push(...page.contacts);
    if (page.contacts.length === 0 || contacts.length >= page.total) return contacts;
  }
}
