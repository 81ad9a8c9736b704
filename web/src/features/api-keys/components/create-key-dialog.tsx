// Create key: a name (1 to 100 characters) and, if the key should stop working on its own, the day it expires. The key
// works through the end of that day in the person's time zone; the day must be in the future. The new key's secret
// goes to the caller to show once.
import { createApiKeyRequestSchema } from "@contracts/api-keys";
import { z } from "zod";
import { TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { toInstant } from "@/lib/form-fields";
import { useCreateApiKey } from "../api/change-api-key";
import type { ShownSecret } from "./shown-once-dialog";

const EXPIRY_IN_PAST = "The expiry must be in the future";

/** A date field's YYYY-MM-DD as the instant its day ends, locally; blank is no expiry. */
const expiryField = z
  .string()
  .transform((day) => (day === "" ? null : toInstant(`${day}T23:59:59.999`)))
  .pipe(
    createApiKeyRequestSchema.shape.expiresAt.unwrap().refine(
      (instant) => instant == null || Date.parse(instant) > Date.now(),
      EXPIRY_IN_PAST,
    ),
  );

const createKeyFormSchema = z.object({ keyName: createApiKeyRequestSchema.shape.keyName, expiresOn: expiryField });

type CreateKeyDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onCreated: (shown: ShownSecret) => void };

export function CreateKeyDialog({ open, onOpenChange, onCreated }: CreateKeyDialogProps) {
  const create = useCreateApiKey();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create API key"
      description="Name the key after where it will be used, so you can tell your keys apart."
      schema={createKeyFormSchema}
      defaultValues={{ keyName: "", expiresOn: "" }}
      onSubmit={async ({ keyName, expiresOn }) => {
        try {
          const created = await create.mutateAsync({ keyName, expiresAt: expiresOn });
          toast({ title: "API key created", description: created.key.keyName });
          onOpenChange(false);
          onCreated({ keyName: created.key.keyName, secret: created.secret, rotated: false });
        } catch (error) {
          toast({ title: "Could not create the key", description: messageOf(error, "Please try again."), variant: "destructive" });
        }
      }}
      submitLabel="Create key"
      pendingLabel="Creating..."
    >
      {(form) => (
        <>
          <TextField label="Name" autoComplete="off" registration={form.register("keyName")} error={form.formState.errors.keyName} />
          <TextField
            label="Expires on (optional)"
            type="date"
            hint="The key stops working at the end of this day. Leave it empty for a key that doesn't expire."
            registration={form.register("expiresOn")}
            error={form.formState.errors.expiresOn}
          />
        </>
      )}
    </FormDialog>
  );
}
