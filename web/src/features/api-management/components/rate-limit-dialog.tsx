// Set how many calls a key may make a minute (1 to 6,000). The api's limiter applies it from the key's next call.
import { type AdminApiKey, adminRateLimitRequestSchema, API_KEY_RATE_LIMIT_MAX } from "@contracts/api-keys";
import { z } from "zod";
import { TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { numberField } from "@/lib/form-fields";
import { useSetApiKeyRateLimit } from "../api/change-api-key";
import { rateLimitText } from "./key-labels";

const rateLimitFormSchema = z.object({ rateLimit: numberField(adminRateLimitRequestSchema.shape.rateLimit) });

type RateLimitDialogProps = { apiKey: AdminApiKey | null; onClose: () => void };

export function RateLimitDialog({ apiKey, onClose }: RateLimitDialogProps) {
  const mutation = useSetApiKeyRateLimit();
  return (
    <FormDialog
      open={apiKey !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Rate limit"
      description={apiKey ? `Calls per minute for "${apiKey.keyName}" of ${apiKey.owner.email}. It applies from the key's next call.` : ""}
      schema={rateLimitFormSchema}
      defaultValues={{ rateLimit: String(apiKey?.rateLimit ?? "") }}
      onSubmit={async ({ rateLimit }) => {
        if (!apiKey) return;
        try {
          await mutation.mutateAsync({ id: apiKey.id, rateLimit });
          toast({ title: "Rate limit saved", description: `${apiKey.keyName} may make ${rateLimitText(rateLimit)}` });
          onClose();
        } catch (error) {
          toast({ title: "Error", description: messageOf(error, "Failed to save the rate limit"), variant: "destructive" });
        }
      }}
      submitLabel="Save rate limit"
      pendingLabel="Saving..."
    >
      {(form) => (
        <TextField
          label="Calls per minute"
          inputMode="numeric"
          hint={`1 to ${API_KEY_RATE_LIMIT_MAX.toLocaleString("en")}`}
          registration={form.register("rateLimit")}
          error={form.formState.errors.rateLimit}
        />
      )}
    </FormDialog>
  );
}
