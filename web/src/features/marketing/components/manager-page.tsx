// One campaign manager (banner ads, popups, push notifications, email campaigns): its items in a table with their
// figures, a dialog to create or edit one, and a question before one is deleted. Each manager gives its columns,
// its form's fields and its names; the toasts say "<Noun> created successfully" and the like, or the server's
// message when a change is refused.
import { ArrowLeftIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Link } from "@tanstack/react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorNotice } from "@/components/ui/error-notice";
import { FormDialog } from "@/components/ui/form-dialog";
import { toast } from "@/components/ui/toast-store";
import { AdminSection } from "@/features/admin";
import { messageOf } from "@/lib/api";
import type { AdminResource } from "../api/admin-resource";
import { labelOf } from "../labels";

export type ManagerItem = { id: string; isActive: boolean };

export type ManagerPageProps<Item extends ManagerItem, FormValues extends FieldValues, Output extends FieldValues> = {
  /** "Banner Ads": the page's heading. */
  title: string;
  description: string;
  /** "banner ad": how toasts, buttons and questions name one item. */
  noun: string;
  resource: AdminResource<Item, Output>;
  /** The item's name in the table and in its buttons' names. */
  itemName: (item: Item) => string;
  /** The columns between the name and the actions: the item's settings and figures. */
  columns: ColumnDef<Item>[];
  formSchema: z.ZodType<Output, FormValues>;
  /** The form's fields as they start: from the item being edited, or a new one's defaults. */
  formValues: (item: Item | undefined) => DefaultValues<FormValues>;
  fields: (form: UseFormReturn<FormValues, unknown, Output>) => ReactNode;
  /** More buttons on a row (preview, send). */
  rowActions?: (item: Item) => ReactNode;
  /** Above the table: a live topic's listener, say. */
  children?: ReactNode;
};

type Editing<Item> = { item: Item | undefined } | null;

export function ManagerPage<Item extends ManagerItem, FormValues extends FieldValues, Output extends FieldValues>({
  title,
  description,
  noun,
  resource,
  itemName,
  columns,
  formSchema,
  formValues,
  fields,
  rowActions,
  children,
}: ManagerPageProps<Item, FormValues, Output>) {
  const items = resource.useList();
  const create = resource.useCreate();
  const update = resource.useUpdate();
  const remove = resource.useDelete();
  const [editing, setEditing] = useState<Editing<Item>>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const Noun = labelOf(noun);
  const newLabel = `New ${title.replace(/s$/, "")}`;

  async function save(values: Output) {
    const item = editing?.item;
    const verb = item ? "update" : "create";
    try {
      if (item) await update.mutateAsync({ id: item.id, values });
      else await create.mutateAsync(values);
      toast({ title: "Success", description: `${Noun} ${verb}d successfully` });
      setEditing(null);
    } catch (error) {
      toast({ title: "Error", description: messageOf(error, `Failed to ${verb} ${noun}`), variant: "destructive" });
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: "Success", description: `${Noun} deleted successfully` });
      setDeleting(null);
    } catch (error) {
      toast({ title: "Error", description: messageOf(error, `Failed to delete ${noun}`), variant: "destructive" });
    }
  }

  const allColumns: ColumnDef<Item>[] = [
    { id: "name", header: "Name", accessorFn: itemName, meta: { className: "font-medium" } },
    ...columns,
    {
      id: "status",
      header: "Status",
      accessorFn: (item) => (item.isActive ? "Active" : "Inactive"),
      cell: ({ row }) => (
        <Badge variant={row.original.isActive ? "success" : "secondary"}>{row.original.isActive ? "Active" : "Inactive"}</Badge>
      ),
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      meta: { className: "text-right" },
      cell: ({ row }) => (
        <div className="flex flex-wrap justify-end gap-2">
          {rowActions?.(row.original)}
          <Button variant="outline" size="sm" aria-label={`Edit ${itemName(row.original)}`} onClick={() => setEditing({ item: row.original })}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
          <Button variant="outline" size="sm" aria-label={`Delete ${itemName(row.original)}`} onClick={() => setDeleting(row.original)}>
            <Trash2Icon aria-hidden />
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminSection
        title={title}
        level={1}
        description={description}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" asChild>
              <Link to="/admin/marketing">
                <ArrowLeftIcon aria-hidden />
                Marketing
              </Link>
            </Button>
            <Button onClick={() => setEditing({ item: undefined })}>
              <PlusIcon aria-hidden />
              {newLabel}
            </Button>
          </div>
        }
      >
        {children}
        {items.isError ? (
          <ErrorNotice onRetry={() => void items.refetch()}>Could not load the {noun}s.</ErrorNotice>
        ) : (
          <DataTable
            caption={title}
            columns={allColumns}
            data={items.data ?? []}
            getRowId={(item) => item.id}
            isLoading={items.isPending}
            loadingLabel={`Loading ${noun}s`}
            pagination={{ mode: "client", pageSize: 20 }}
            empty={
              <EmptyState
                title={`No ${noun}s yet`}
                description={`Create the first ${noun}; it shows once it is active.`}
                action={<Button onClick={() => setEditing({ item: undefined })}>{newLabel}</Button>}
              />
            }
          />
        )}
      </AdminSection>
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.item ? `Edit ${Noun}` : `Create ${Noun}`}
        description={editing?.item ? `Change this ${noun}; its figures stay.` : `A new ${noun}, inactive until you switch it on.`}
        schema={formSchema}
        defaultValues={formValues(editing?.item)}
        onSubmit={save}
        submitLabel={editing?.item ? "Save" : "Create"}
        pendingLabel={editing?.item ? "Saving..." : "Creating..."}
      >
        {fields}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${Noun}`}
        description={`Are you sure you want to delete this ${noun}?`}
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
