// The contacts page: search (on the server, debounced), list filter, a table paged on the server, add / edit /
// delete contact, create and delete list. Its view (search, list, page) is the caller's, kept in the address bar.
import type { Contact, ContactList } from "@contracts/contacts";
import { PlusIcon } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { useContactLists } from "../api/get-contact-lists";
import { useContacts } from "../api/get-contacts";
import { CONTACTS_PAGE_SIZE, type ContactsView, contactsPageQuery } from "../contacts-view";
import { ContactFormDialog } from "./contact-form-dialog";
import { ContactsFilters } from "./contacts-filters";
import { ContactsTable } from "./contacts-table";
import { DeleteContactDialog, DeleteListDialog } from "./delete-dialogs";

type ContactsPageProps = {
  view: ContactsView;
  onViewChange: (view: ContactsView) => void;
  /** Extra toolbar actions (import, export) that work on the current view. */
  renderActions?: (context: { lists: ContactList[]; view: ContactsView; total: number }) => ReactNode;
};

/** The page for a signed-in person; the signed-in layout route shows the sign-in screen to everyone else. */
export function ContactsPage({ view, onViewChange, renderActions }: ContactsPageProps) {
  const lists = useContactLists();
  // A list that isn't (or no longer is) among the person's lists: nothing to ask for, and the view goes to all lists.
  const listGone = view.listId !== undefined && lists.isSuccess && !lists.data.some((list) => list.id === view.listId);
  const contacts = useContacts(contactsPageQuery(view), !listGone);
  const [form, setForm] = useState<{ open: boolean; contact: Contact | null }>({ open: false, contact: null });
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [deletingList, setDeletingList] = useState(false);

  const allLists = lists.data ?? [];
  const selectedList = view.listId !== undefined ? allLists.find((list) => list.id === view.listId) : undefined;
  const general = allLists.find((list) => list.isDefault);
  const total = contacts.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  // Past the last page (its last contact deleted, or an old link): back to the last page there is.
  const pastTheEnd = contacts.isSuccess && !contacts.isPlaceholderData && view.page > pages;
  useViewCorrections(view, onViewChange, { listGone, lastPage: pastTheEnd ? pages : undefined });

  useEffect(() => {
    if (contacts.isError) toast({ title: "Error", description: "Failed to fetch contacts", variant: "destructive" });
  }, [contacts.isError]);

  const edit = useCallback((contact: Contact) => setForm({ open: true, contact }), []);

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Contacts</h1>
          <p className="text-muted-foreground">Everything you saved, in your lists.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {renderActions?.({ lists: allLists, view, total })}
          <Button onClick={() => setForm({ open: true, contact: null })}>
            <PlusIcon aria-hidden />
            Add Contact
          </Button>
        </div>
      </div>

      <ContactsFilters
        view={view}
        onViewChange={onViewChange}
        lists={allLists}
        selectedList={selectedList}
        onDeleteList={() => setDeletingList(true)}
      />

      <section aria-labelledby="contacts-table-title" aria-busy={contacts.isFetching} className="grid gap-3">
        <h2 id="contacts-table-title" className="sr-only">
          Contact table
        </h2>
        {/* Always there, so a screen reader hears how many match once a search or a list filter has answered. */}
        <p className="sr-only" aria-live="polite">
          {contacts.isSuccess && !contacts.isFetching ? `${total.toLocaleString()} contacts match` : ""}
        </p>
        <ContactsTable
          contacts={contacts.data?.contacts ?? []}
          total={total}
          page={view.page}
          onPageChange={(page) => onViewChange({ ...view, page })}
          isLoading={contacts.isPending}
          lists={allLists}
          onEdit={edit}
          onDelete={setDeleting}
        />
      </section>

      <ContactFormDialog
        open={form.open}
        onOpenChange={(open) => setForm((current) => ({ ...current, open }))}
        contact={form.contact}
        lists={allLists}
        defaultListId={selectedList?.id ?? general?.id}
      />
      <DeleteContactDialog contact={deleting} onClose={() => setDeleting(null)} />
      <DeleteListDialog list={selectedList} open={deletingList} onOpenChange={setDeletingList} />
    </div>
  );
}

/** Puts the view right when it asks for what isn't there: a list that is gone, or a page past the last. */
function useViewCorrections(
  view: ContactsView,
  onViewChange: (view: ContactsView) => void,
  { listGone, lastPage }: { listGone: boolean; lastPage: number | undefined },
) {
  const latest = useRef({ view, onViewChange });
  latest.current = { view, onViewChange };
  useEffect(() => {
    if (listGone) latest.current.onViewChange({ ...latest.current.view, listId: undefined, page: 1 });
  }, [listGone]);
  useEffect(() => {
    if (lastPage !== undefined) latest.current.onViewChange({ ...latest.current.view, page: lastPage });
  }, [lastPage]);
}
