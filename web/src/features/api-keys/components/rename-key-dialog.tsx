// Rename a key: only its name changes; the key itself and where it is used stay as they are.
import { type ApiKey, renameApiKeyRequestSchema } from "@contracts/api-keys";
import { TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { keyLabel } from "../labels";
import { useRenameApiKey } from "../api/change-api-key";

type RenameKeyDialogProps = { apiKey: ApiKey; open: boolean; onOpenChange: (open: boolean) => void };

export function RenameKeyDialog({ apiKey, open, onOpenChange }: RenameKeyDialogProps) {
  const rename = useRenameApiKey();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename API key"
      description={`The key ${keyLabel(apiKey)} keeps working as before.`}
      schema={renameApiKeyRequestSchema}
      defaultValues={{ keyName: apiKey.keyName }}
      onSubmit={async ({ keyName }) => {
        try {
          await rename.mutateAsync({ id: apiKey.id, keyName });
          toast({ title: "API key renamed", description: keyName });
          onOpenChange(false);
        } catch (error) {
          toast({ title: "Could not rename the key", description: messageOf(error, "Please try again."), variant: "destructive" });
        }
      }}
      submitLabel="Save name"
      pendingLabel="Saving..."
    >
      {(form) => <TextField label="Name" autoComplete="off" registration={form.register("keyName")} error={form.formState.errors.keyName} />}
    </FormDialog>
  );
}
