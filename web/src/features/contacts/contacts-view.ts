// What the contacts page shows (search, list, page number) and the one page of GET /api/contacts that answers it:
// shared by the page and the route loader that warms its cache, so both ask under the same query key.
import type { ContactsPageQuery } from "./api/get-contacts";

export const CONTACTS_PAGE_SIZE = 50;

export type ContactsView = { q?: string; listId?: number; page: number };

export function contactsPageQuery(view: ContactsView): ContactsPageQuery {
  return {
    q: view.q || undefined,
    listId: view.listId,
    limit: CONTACTS_PAGE_SIZE,
    offset: (view.page - 1) * CONTACTS_PAGE_SIZE,
  };
}
