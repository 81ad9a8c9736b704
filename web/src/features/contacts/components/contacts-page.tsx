// The contacts page (core.md §2, §8): search (on the server, debounced), list filter, a table paged on the server,
// add / edit / delete contact, create and delete list.
import type { Contact, ContactList } from "@contracts/contacts";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { CopyEmailButton } from "@/components/ui/copy-email-button";
import { SearchInput } from "@/components/ui/search-input";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useDeleteContact } from "../api/delete-contact";
import { useDeleteContactList } from "../api/delete-contact-list";
import { useContactLists } from "../api/get-contact-lists";
import { useContacts } from "../api/get-contacts";
import { CONTACTS_PAGE_SIZE, type ContactsView, contactsPageQuery } from "../contacts-view";
import { ConfirmDialog } from "./confirm-dialog";
import { ContactFormDialog } from "./contact-form-dialog";
import { ListFormDialog } from "./list-form-dialog";
import { ListSelect } from "./list-select";

export const SEARCH_DEBOUNCE_MS = 300;

type ContactsPageProps = {
  view: ContactsView;
  onViewChange: (view: ContactsView) => void;
  /** Extra toolbar actions (import, export) that work on the current view. */
  renderActions?: (context: { lists: ContactList[]; view: ContactsView; total: number }) => ReactNode;
};

/** The page for a signed-in person; the signed-in layout route shows the sign-in screen to everyone else. */
export function ContactsPage({ view, onViewChange, renderActions }: ContactsPageProps) {
  const searchId = useId();
  const filterId = useId();
  const [search, setSearch] = useState(view.q ?? "");
  const lists = useContactLists();
  // A list that isn't (or no longer is) among the person's lists: nothing to ask for, and the view goes to all lists.
  const listGone = view.listId !== undefined && lists.isSuccess && !lists.data.some((list) => list.id === view.listId);
  const contacts = useContacts(contactsPageQuery(view), !listGone);
  const [editing, setEditing] = useState<Contact | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const [deletingList, setDeletingList] = useState(false);
  const deleteContact = useDeleteContact();
  const deleteList = useDeleteContactList();

  // The search box types freely; the server is asked once the typing pauses.
  const latest = useRef({ view, onViewChange });
  latest.current = { view, onViewChange };
  useEffect(() => {
    const trimmed = search.trim();
    if (trimmed === (latest.current.view.q ?? "")) return;
    const timer = window.setTimeout(() => {
      const { view: current, onViewChange: change } = latest.current;
      change({ ...current, q: trimmed || undefined, page: 1 });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    if (contacts.isError) toast({ title: "Error", description: "Failed to fetch contacts", variant: "destructive" });
  }, [contacts.isError]);

  const allLists = lists.data ?? [];
  const listById = new Map(allLists.map((list) => [list.id, list]));
  const selectedList = view.listId !== undefined ? listById.get(view.listId) : undefined;
  const general = allLists.find((list) => list.isDefault);
  const total = contacts.data?.total ?? 0;
  const rows = contacts.data?.contacts ?? [];
  const pages = Math.max(1, Math.ceil(total / CONTACTS_PAGE_SIZE));
  useEffect(() => {
    if (listGone) latest.current.onViewChange({ ...latest.current.view, listId: undefined, page: 1 });
  }, [listGone]);
  // Past the last page (its last contact deleted, or an old link): back to the last page there is.
  const pastTheEnd = contacts.isSuccess && !contacts.isPlaceholderData && view.page > pages;
  useEffect(() => {
    if (pastTheEnd) latest.current.onViewChange({ ...latest.current.view, page: pages });
  }, [pastTheEnd, pages]);
  const first = total === 0 ? 0 : (view.page - 1) * CONTACTS_PAGE_SIZE + 1;
  const last = Math.min(total, view.page * CONTACTS_PAGE_SIZE);

  async function confirmDeleteContact() {
    if (!deleting) return;
    try {
      await deleteContact.mutateAsync(deleting.id);
      toast({ title: "Success", description: "Contact deleted successfully" });
      setDeleting(null);
    } catch (error) {
      // core.md §8 gives the delete failure a fixed text, unlike save and update.
      toast({ title: "Error", description: "Failed to delete contact", variant: "destructive" });
    }
  }

  async function confirmDeleteList() {
    if (!selectedList) return;
    try {
      await deleteList.mutateAsync(selectedList.id);
      toast({ title: "Success", description: "Contact list deleted successfully" });
      setDeletingList(false);
    } catch (error) {
      toast({
        title: "Error",
        description: `Failed to delete contact list: ${messageOf(error, error instanceof Error ? error.message : "")}`,
        variant: "destructive",
      });
    }
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Contacts</h1>
          <p className="text-muted-foreground">Everything you saved, in your lists.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {renderActions?.({ lists: allLists, view, total })}
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <PlusIcon aria-hidden />
            Add Contact
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-56 flex-1 gap-1.5">
          <label htmlFor={searchId} className="text-sm font-medium">
            Search contacts
          </label>
          <SearchInput
            id={searchId}
            placeholder="Email, name, company or position"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="grid w-56 gap-1.5">
          <label htmlFor={filterId} className="text-sm font-medium">
            List
          </label>
          <ListSelect
            id={filterId}
            lists={allLists}
            allOption="All lists"
            value={view.listId === undefined ? "" : String(view.listId)}
            onChange={(event) =>
              onViewChange({ ...view, listId: event.target.value ? Number(event.target.value) : undefined, page: 1 })
            }
          />
        </div>
        <ListFormDialog onCreated={(id) => onViewChange({ ...view, listId: id, page: 1 })} />
        {/* General keeps its name and can't go (platform.md §4): neither action is offered for it. */}
        {selectedList && !selectedList.isDefault && <ListFormDialog key={selectedList.id} list={selectedList} />}
        {selectedList && !selectedList.isDefault && (
          <Button variant="outline" onClick={() => setDeletingList(true)}>
            <Trash2Icon aria-hidden />
            Delete List
          </Button>
        )}
      </div>

      <section aria-labelledby="contacts-table-title" aria-busy={contacts.isFetching} className="grid gap-3">
        <h2 id="contacts-table-title" className="sr-only">
          Contact table
        </h2>
        {/* Always there, so a screen reader hears how many match once a search or a list filter has answered. */}
        <p className="sr-only" aria-live="polite">
          {contacts.isSuccess && !contacts.isFetching ? `${total.toLocaleString()} contacts match` : ""}
        </p>
        {contacts.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading contacts</span>
            {[0, 1, 2].map((row) => (
              <div key={row} className="h-12 animate-pulse rounded-lg bg-muted" />
            ))}
          </div>
        ) : rows.length === 0 ? (
          <p className="rounded-xl border border-dashed p-10 text-center text-sm text-muted-foreground">
            No contacts found.
          </p>
        ) : (
          <div className="overflow-x-auto rounded-xl border bg-card">
            <table className="w-full text-left text-sm">
              <thead className="border-b bg-muted/50 text-xs text-muted-foreground uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">Email</th>
                  <th scope="col" className="px-4 py-3 font-medium">Name</th>
                  <th scope="col" className="px-4 py-3 font-medium">Company</th>
                  <th scope="col" className="px-4 py-3 font-medium">Position</th>
                  <th scope="col" className="px-4 py-3 font-medium">Phone</th>
                  <th scope="col" className="px-4 py-3 font-medium">List</th>
                  <th scope="col" className="px-4 py-3 font-medium"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y">
                {rows.map((contact) => {
                  const list = listById.get(contact.listId);
                  const name = [contact.firstName, contact.lastName].filter(Boolean).join(" ");
                  return (
                    <tr key={contact.id} className="hover:bg-muted/30">
                      <td className="px-4 py-3 font-medium whitespace-nowrap">{contact.email}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{name}</td>
                      <td className="px-4 py-3">{contact.company}</td>
                      <td className="px-4 py-3">{contact.position}</td>
                      <td className="px-4 py-3 whitespace-nowrap">{contact.phone}</td>
                      <td className="px-4 py-3 whitespace-nowrap">
                        {list && (
                          <span className="inline-flex items-center gap-1.5">
                            <span className="size-2.5 rounded-full" style={{ backgroundColor: list.color }} aria-hidden />
                            {list.name}
                          </span>
                        )}
                      </td>
                      <td className="px-2 py-2">
                        <div className="flex justify-end gap-1">
                          <CopyEmailButton email={contact.email} />
                          <Button
                            variant="ghost"
                            size="icon"
                            className="size-9"
                            aria-label={`Edit ${contact.email}`}
                            onClick={() => {
                              setEditing(contact);
                              setFormOpen(true);
                            }}
                          >
                            <PencilIcon aria-hidden />
                          </Button>
                          <Button
                            variant="ghost"
                            size="icon"
                            className="size-9 text-destructive"
                            aria-label={`Delete ${contact.email}`}
                            onClick={() => setDeleting(contact)}
                          >
                            <Trash2Icon aria-hidden />
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {total > 0 && (
          <nav aria-label="Pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="text-muted-foreground">
              Showing {first.toLocaleString()}–{last.toLocaleString()} of {total.toLocaleString()}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={view.page <= 1}
                onClick={() => onViewChange({ ...view, page: view.page - 1 })}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={view.page >= pages}
                onClick={() => onViewChange({ ...view, page: view.page + 1 })}
              >
                Next
              </Button>
            </div>
          </nav>
        )}
      </section>

      <ContactFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        contact={editing}
        lists={allLists}
        defaultListId={selectedList?.id ?? general?.id}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Contact"
        description={`Delete ${deleting?.email ?? "this contact"} from your contacts?`}
        confirmLabel="Delete"
        pending={deleteContact.isPending}
        onConfirm={() => void confirmDeleteContact()}
      />
      <ConfirmDialog
        open={deletingList}
        onOpenChange={setDeletingList}
        title="Delete List"
        description={`Delete the list ${selectedList?.name ?? ""}? Its contacts move to General.`}
        confirmLabel="Delete List"
        pending={deleteList.isPending}
        onConfirm={() => void confirmDeleteList()}
      />
    </div>
  );
}
