// The add and edit contact dialogs (core.md §2, §5): email required and trimmed (read-only when editing), every other
// field trimmed and sent as null when empty, the domain derived by the server from the address, source manual.
import {
  type Contact,
  contactEmailSchema,
  contactFieldsSchema,
  type ContactList,
} from "@contracts/contacts";
import { useId } from "react";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { z } from "zod";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormActions, TextField } from "@/components/ui/form";
import { focusRing } from "@/components/ui/focus";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { cn } from "@/lib/cn";
import { useCreateContact } from "../api/create-contact";
import { useUpdateContact } from "../api/update-contact";
import { ListSelect } from "./list-select";

const listIdField = z.string().transform((value) => (value === "" ? null : Number(value)));

export const contactFormSchema = contactFieldsSchema.extend({ email: contactEmailSchema, listId: listIdField });
type ContactFormInput = z.input<typeof contactFormSchema>;

function defaultsFor(contact: Contact | null, listId: number | undefined): ContactFormInput {
  return {
    email: contact?.email ?? "",
    firstName: contact?.firstName ?? "",
    lastName: contact?.lastName ?? "",
    company: contact?.company ?? "",
    position: contact?.position ?? "",
    phone: contact?.phone ?? "",
    notes: contact?.notes ?? "",
    listId: String(contact?.listId ?? listId ?? ""),
  };
}

type ContactFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit; null adds a new one. */
  contact: Contact | null;
  lists: ContactList[];
  /** The list a new contact goes to (the filtered list, else General). */
  defaultListId?: number;
};

export function ContactFormDialog({ open, onOpenChange, contact, lists, defaultListId }: ContactFormDialogProps) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const editing = contact !== null;
  const listId = useId();

  async function submit(values: z.output<typeof contactFormSchema>) {
    const { email, ...fields } = values;
    try {
      if (contact) {
        await update.mutateAsync({ id: contact.id, ...fields, listId: fields.listId ?? undefined });
        toast({ title: "Success", description: "Contact updated successfully" });
      } else {
        await create.mutateAsync({ email, ...fields, source: "manual" });
        toast({ title: "Success", description: "Contact saved successfully" });
      }
      onOpenChange(false);
    } catch (error) {
      toast({
        title: "Error",
        description: messageOf(error, editing ? "Failed to update contact" : "Failed to save contact"),
        variant: "destructive",
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Contact" : "Add Contact"}</DialogTitle>
          <DialogDescription>
            {editing ? "Change this contact's details. The email address cannot be changed." : "Save a contact by hand."}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <Form schema={contactFormSchema} defaultValues={defaultsFor(contact, defaultListId)} onSubmit={submit}>
            {(form) => {
              const pending = form.formState.isSubmitting;
              const emailEmpty = (form.watch("email") ?? "").trim() === "";
              const { errors } = form.formState;
              return (
                <>
                  <TextField
                    label="Email"
                    type="email"
                    autoComplete="off"
                    readOnly={editing}
                    className={cn(editing && "[&_input]:bg-muted")}
                    registration={form.register("email")}
                    error={errors.email}
                  />
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextField label="First name" registration={form.register("firstName")} error={errors.firstName} />
                    <TextField label="Last name" registration={form.register("lastName")} error={errors.lastName} />
                    <TextField label="Company" registration={form.register("company")} error={errors.company} />
                    <TextField label="Position" registration={form.register("position")} error={errors.position} />
                    <TextField label="Phone" type="tel" registration={form.register("phone")} error={errors.phone} />
                    <div className="grid gap-2">
                      <Label htmlFor={listId}>List</Label>
                      <ListSelect id={listId} lists={lists} {...form.register("listId")} />
                    </div>
                  </div>
                  <NotesField registration={form.register("notes")} error={errors.notes} />
                  <FormActions onCancel={() => onOpenChange(false)} disabled={pending || emailEmpty}>
                    {pending ? "Saving..." : editing ? "Update Contact" : "Add Contact"}
                  </FormActions>
                </>
              );
            }}
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

export function NotesField({ registration, error }: { registration: UseFormRegisterReturn; error?: FieldError }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Notes</Label>
      <textarea
        id={id}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cn(
          "w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs aria-invalid:border-destructive",
          focusRing,
        )}
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}
