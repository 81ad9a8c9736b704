// Create or edit a list: name required, description optional, colour defaulting to #3B82F6.
import { type ContactList, DEFAULT_LIST_COLOR } from "@contracts/contacts";
import { PencilIcon } from "lucide-react";
import { useId, useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { createContactListInputSchema, useCreateContactList } from "../api/create-contact-list";
import { useUpdateContactList } from "../api/update-contact-list";

// The create endpoint's input less what the form does not ask (a new list is never the default); the same fields
// are what an update may change.
const listFormSchema = createContactListInputSchema.omit({ isDefault: true });
type ListFormValues = z.output<typeof listFormSchema>;

type ListFormDialogProps =
  | { list?: undefined; onCreated?: (id: number) => void }
  /** Editing a list's name, description and colour. */
  | { list: ContactList; onCreated?: undefined };

export function ListFormDialog({ list, onCreated }: ListFormDialogProps) {
  const [open, setOpen] = useState(false);
  const create = useCreateContactList();
  const update = useUpdateContactList();
  const colorId = useId();
  const editing = list !== undefined;
  const verb = editing ? "update" : "create";

  async function submit(values: ListFormValues) {
    try {
      const saved = editing ? await update.mutateAsync({ id: list.id, ...values }) : await create.mutateAsync(values);
      toast({ title: "Success", description: `Contact list ${verb}d successfully` });
      setOpen(false);
      if (!editing) onCreated?.(saved.id);
    } catch (error) {
      toast({
        title: "Error",
        description: `Failed to ${verb} contact list: ${messageOf(error, error instanceof Error ? error.message : "")}`,
        variant: "destructive",
      });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" onClick={() => setOpen(true)}>
          {editing && <PencilIcon aria-hidden />}
          {editing ? "Edit List" : "New List"}
        </Button>
      }
      title={editing ? "Edit Contact List" : "Create Contact List"}
      description={editing ? "Rename, describe or recolour this list." : "Group contacts into a list of their own."}
      schema={listFormSchema}
      defaultValues={{
        name: list?.name ?? "",
        description: list?.description ?? "",
        color: list?.color ?? DEFAULT_LIST_COLOR,
      }}
      onSubmit={submit}
      submitLabel={editing ? "Save List" : "Create List"}
      pendingLabel={editing ? "Saving..." : "Creating..."}
      canSubmit={(form) => (form.watch("name") ?? "").trim() !== ""}
    >
      {(form) => (
        <>
          <TextField label="Name" registration={form.register("name")} error={form.formState.errors.name} />
          <TextField label="Description" registration={form.register("description")} error={form.formState.errors.description} />
          <div className="grid gap-2">
            <Label htmlFor={colorId}>Colour</Label>
            <input
              id={colorId}
              type="color"
              className="h-10 w-20 cursor-pointer rounded-lg border border-input bg-card p-1"
              {...form.register("color")}
            />
          </div>
        </>
      )}
    </FormDialog>
  );
}
