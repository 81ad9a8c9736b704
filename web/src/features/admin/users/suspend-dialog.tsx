// Suspend a user until a moment, with a reason they are told. The server refuses an admin's own suspension.
import { type AdminUserRow, suspensionRequestSchema } from "@contracts/admin";
import { z } from "zod";
import { TextareaField, TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useSuspendUser } from "../api/user-suspension";
import { momentField, toDatetimeLocal } from "@/lib/form-fields";
import { formatWhen, userLabel } from "./user-labels";

const suspension = suspensionRequestSchema.shape;
const suspendFormSchema = z.object({ until: momentField(suspension.until), reason: suspension.reason });

/** Where the end of a new suspension starts: a week ahead. */
const DEFAULT_SUSPENSION_DAYS = 7;

type SuspendDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; user: AdminUserRow };

export function SuspendDialog({ open, onOpenChange, user }: SuspendDialogProps) {
  const mutation = useSuspendUser();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Suspend user"
      description={`${userLabel(user)} can't use the platform until then; their requests are refused with the reason.`}
      schema={suspendFormSchema}
      defaultValues={{ until: toDatetimeLocal(new Date(Date.now() + DEFAULT_SUSPENSION_DAYS * 86_400_000)), reason: "" }}
      onSubmit={async (values) => {
        try {
          const saved = await mutation.mutateAsync({ id: user.id, ...values });
          toast({
            title: "User suspended",
            description: `${userLabel(saved)} is suspended until ${formatWhen(saved.suspendedUntil ?? values.until)}`,
          });
          onOpenChange(false);
        } catch (error) {
          toast({ title: "Error", description: messageOf(error, "Failed to suspend the user"), variant: "destructive" });
        }
      }}
      submitLabel="Suspend"
      pendingLabel="Suspending..."
    >
      {(form) => (
        <>
          <TextField
            label="Suspended until"
            type="datetime-local"
            registration={form.register("until")}
            error={form.formState.errors.until}
          />
          <TextareaField label="Reason" registration={form.register("reason")} error={form.formState.errors.reason} />
        </>
      )}
    </FormDialog>
  );
}
