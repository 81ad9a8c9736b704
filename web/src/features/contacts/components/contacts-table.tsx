// The contacts table: one page of the person's contacts, paged on the server, each row with copy, edit and delete.
import type { Contact, ContactList } from "@contracts/contacts";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { useMemo } from "react";
import { Button } from "@/components/ui/button";
import { CopyEmailButton } from "@/components/ui/copy-email-button";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { CONTACTS_PAGE_SIZE } from "../contacts-view";

type ContactsTableProps = {
  contacts: Contact[];
  total: number;
  page: number;
  onPageChange: (page: number) => void;
  isLoading: boolean;
  lists: ContactList[];
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
};

export function ContactsTable({ contacts, total, page, onPageChange, isLoading, lists, onEdit, onDelete }: ContactsTableProps) {
  const columns = useMemo(() => contactColumns(lists, onEdit, onDelete), [lists, onEdit, onDelete]);
  return (
    <DataTable
      columns={columns}
      data={contacts}
      getRowId={(contact) => String(contact.id)}
      isLoading={isLoading}
      loadingLabel="Loading contacts"
      empty={<EmptyState title="No contacts found." />}
      pagination={{ mode: "server", page, pageSize: CONTACTS_PAGE_SIZE, total, onPageChange }}
    />
  );
}

function contactColumns(
  lists: ContactList[],
  onEdit: (contact: Contact) => void,
  onDelete: (contact: Contact) => void,
): ColumnDef<Contact>[] {
  const listById = new Map(lists.map((list) => [list.id, list]));
  return [
    { accessorKey: "email", header: "Email", meta: { className: "font-medium whitespace-nowrap" } },
    {
      id: "name",
      header: "Name",
      accessorFn: (contact) => [contact.firstName, contact.lastName].filter(Boolean).join(" "),
      meta: { className: "whitespace-nowrap" },
    },
    { accessorKey: "company", header: "Company" },
    { accessorKey: "position", header: "Position" },
    { accessorKey: "phone", header: "Phone", meta: { className: "whitespace-nowrap" } },
    {
      id: "list",
      header: "List",
      accessorFn: (contact) => listById.get(contact.listId)?.name ?? "",
      meta: { className: "whitespace-nowrap" },
      cell: ({ row }) => {
        const list = listById.get(row.original.listId);
        return (
          list && (
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-full" style={{ backgroundColor: list.color }} aria-hidden />
              {list.name}
            </span>
          )
        );
      },
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: "px-2 py-2" },
      cell: ({ row }) => {
        const contact = row.original;
        return (
          <div className="flex justify-end gap-1">
            <CopyEmailButton email={contact.email} />
            <Button variant="ghost" size="icon" className="size-9" aria-label={`Edit ${contact.email}`} onClick={() => onEdit(contact)}>
              <PencilIcon aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="size-9 text-destructive"
              aria-label={`Delete ${contact.email}`}
              onClick={() => onDelete(contact)}
            >
              <Trash2Icon aria-hidden />
            </Button>
          </div>
        );
      },
    },
  ];
}
