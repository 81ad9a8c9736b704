// The New Ticket dialog: subject and description required, category general and priority medium unless chosen.
// A refusal shows the server's message only and keeps what was typed.
import { TICKET_CATEGORIES, TICKET_PRIORITIES, type Ticket } from "@contracts/support";
import { PlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FieldFrame, TextareaField, TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { createTicketInputSchema, useCreateTicket } from "../api/create-ticket";
import { CATEGORY_LABELS, PRIORITY_LABELS } from "../labels";

type NewTicketDialogProps = {
  onCreated: (ticket: Ticket) => void;
  /** The opening button's words: "New Ticket" in the header of the list, another in the empty state. */
  triggerLabel?: string;
};

export function NewTicketDialog({ onCreated, triggerLabel = "New Ticket" }: NewTicketDialogProps) {
  const [open, setOpen] = useState(false);
  const create = useCreateTicket();

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button onClick={() => setOpen(true)}>
          <PlusIcon aria-hidden />
          {triggerLabel}
        </Button>
      }
      title="New Ticket"
      description="Tell us what happened; we answer here, and by email when you are away."
      schema={createTicketInputSchema}
      defaultValues={{ subject: "", description: "", category: "general", priority: "medium" }}
      onSubmit={async (values) => {
        try {
          const ticket = await create.mutateAsync(values);
          setOpen(false);
          onCreated(ticket);
        } catch (error) {
          toast({ title: messageOf(error, "Failed to create ticket"), variant: "destructive" });
        }
      }}
      submitLabel="Create Ticket"
      pendingLabel="Creating..."
    >
      {(form) => (
        <>
          <TextField label="Subject" registration={form.register("subject")} error={form.formState.errors.subject} />
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldFrame label="Category" error={form.formState.errors.category}>
              {(control) => (
                <NativeSelect {...control} defaultValue="general" {...form.register("category")}>
                  {TICKET_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {CATEGORY_LABELS[category]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FieldFrame>
            <FieldFrame label="Priority" error={form.formState.errors.priority}>
              {(control) => (
                <NativeSelect {...control} defaultValue="medium" {...form.register("priority")}>
                  {TICKET_PRIORITIES.map((priority) => (
                    <option key={priority} value={priority}>
                      {PRIORITY_LABELS[priority]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FieldFrame>
          </div>
          <TextareaField
            label="Description"
            rows={6}
            registration={form.register("description")}
            error={form.formState.errors.description}
          />
        </>
      )}
    </FormDialog>
  );
}
