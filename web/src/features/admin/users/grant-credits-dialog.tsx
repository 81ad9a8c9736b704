// Grant credits: amount, type, reason and an optional expiry, checked by the contract's own schema. From the user
// drawer the user is given; from the credits tab the admin picks one first.
import { type AdminUserRow, GRANT_TYPES, grantCreditsRequestSchema } from "@contracts/admin";
import { useState } from "react";
import { z } from "zod";
import { FieldFrame, TextareaField, TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useGrantUserCredits } from "../api/grant-user-credits";
import { momentField, numberField } from "@/lib/form-fields";
import { GRANT_TYPE_LABELS, userLabel } from "./user-labels";
import { UserPicker } from "./user-picker";

const grant = grantCreditsRequestSchema.shape;
const grantFormSchema = z.object({
  userId: z.string().min(1, "Choose a user"),
  amount: numberField(grant.amount),
  grantType: grant.grantType,
  reason: grant.reason,
  expiresAt: momentField(grant.expiresAt),
});

type GrantCreditsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Whom the credits go to; without one the dialog asks. */
  user?: AdminUserRow;
};

export function GrantCreditsDialog({ open, onOpenChange, user }: GrantCreditsDialogProps) {
  const mutation = useGrantUserCredits();
  const [picked, setPicked] = useState<AdminUserRow | null>(null);
  const recipient = user ?? picked;

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setPicked(null);
        onOpenChange(next);
      }}
      title="Grant credits"
      description={
        user ? `Credits for ${userLabel(user)}, added to their granted balance.` : "Choose a user, then how many credits and why."
      }
      schema={grantFormSchema}
      defaultValues={{ userId: user?.id ?? "", amount: "", grantType: "bonus", reason: "", expiresAt: "" }}
      onSubmit={async ({ userId, ...request }) => {
        try {
          await mutation.mutateAsync({ id: userId, ...request });
          toast({
            title: "Credits granted",
            description: `${request.amount.toLocaleString()} credits granted to ${recipient ? userLabel(recipient) : "the user"}`,
          });
          setPicked(null);
          onOpenChange(false);
        } catch (error) {
          toast({ title: "Error", description: messageOf(error, "Failed to grant credits"), variant: "destructive" });
        }
      }}
      submitLabel="Grant credits"
      pendingLabel="Granting..."
    >
      {(form) => {
        const { errors } = form.formState;
        return (
          <>
            {!user && (
              <UserPicker
                chosen={picked}
                error={errors.userId}
                onChoose={(chosen) => {
                  setPicked(chosen);
                  form.setValue("userId", chosen.id, { shouldValidate: form.formState.isSubmitted });
                }}
              />
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Amount" inputMode="numeric" registration={form.register("amount")} error={errors.amount} />
              <FieldFrame label="Grant type" error={errors.grantType}>
                {(control) => (
                  <NativeSelect {...control} {...form.register("grantType")}>
                    {GRANT_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {GRANT_TYPE_LABELS[type]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FieldFrame>
            </div>
            <TextareaField label="Reason" registration={form.register("reason")} error={errors.reason} />
            <TextField
              label="Expires (optional)"
              type="datetime-local"
              hint="Unused credits are taken back at this time; leave empty to keep them"
              registration={form.register("expiresAt")}
              error={errors.expiresAt}
            />
          </>
        );
      }}
    </FormDialog>
  );
}
