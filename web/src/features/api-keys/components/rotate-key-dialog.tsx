// Rotate a key: a new key takes its place with its name, limit and expiry, and the old one keeps working for the
// grace period (0 to 168 hours; 0 ends it now), long enough to put the new key where the old one was. The new key's
// secret goes to the caller to show once.
import { API_KEY_ROTATE_GRACE_HOURS_DEFAULT, type ApiKey, rotateApiKeyRequestSchema } from "@contracts/api-keys";
import { z } from "zod";
import { TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { numberField } from "@/lib/form-fields";
import { keyLabel } from "../labels";
import { useRotateApiKey } from "../api/change-api-key";
import type { ShownSecret } from "./shown-once-dialog";

const rotateFormSchema = z.object({ graceHours: numberField(rotateApiKeyRequestSchema.shape.graceHours.unwrap()) });

type RotateKeyDialogProps = {
  apiKey: ApiKey;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRotated: (shown: ShownSecret) => void;
};

export function RotateKeyDialog({ apiKey, open, onOpenChange, onRotated }: RotateKeyDialogProps) {
  const rotate = useRotateApiKey();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rotate API key"
      description={`A new key takes the place of ${keyLabel(apiKey)}. The old key keeps working for the grace period, so you can switch over without downtime.`}
      schema={rotateFormSchema}
      defaultValues={{ graceHours: String(API_KEY_ROTATE_GRACE_HOURS_DEFAULT) }}
      onSubmit={async ({ graceHours }) => {
        try {
          const rotated = await rotate.mutateAsync({ id: apiKey.id, graceHours });
          toast({ title: "API key rotated", description: rotated.key.keyName });
          onOpenChange(false);
          onRotated({ keyName: rotated.key.keyName, secret: rotated.secret, rotated: true });
        } catch (error) {
          toast({ title: "Could not rotate the key", description: messageOf(error, "Please try again."), variant: "destructive" });
        }
      }}
      submitLabel="Rotate key"
      pendingLabel="Rotating..."
    >
      {(form) => (
        <TextField
          label="Grace period (hours)"
          inputMode="numeric"
          hint="0 to 168. With 0 the old key stops working at once."
          registration={form.register("graceHours")}
          error={form.formState.errors.graceHours}
        />
      )}
    </FormDialog>
  );
}
