// Throttle a user: on or off, the request limit per minute, and the level (the share of that limit they get). The
// limiter applies it from the user's next request.
import { type AdminUserRow, DEFAULT_MAX_REQUESTS_PER_MINUTE, throttleRequestSchema } from "@contracts/admin";
import { useId } from "react";
import { z } from "zod";
import { TextField } from "@/components/ui/form";
import { FormDialog } from "@/components/ui/form-dialog";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useSetUserThrottle } from "../api/set-user-throttle";
import { numberField } from "@/lib/form-fields";
import { throttleText, userLabel } from "./user-labels";

const throttle = throttleRequestSchema.shape;
const throttleFormSchema = z.object({
  throttleEnabled: throttle.throttleEnabled,
  maxRequestsPerMinute: numberField(throttle.maxRequestsPerMinute),
  currentThrottleLevel: numberField(throttle.currentThrottleLevel),
});

type ThrottleDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; user: AdminUserRow };

export function ThrottleDialog({ open, onOpenChange, user }: ThrottleDialogProps) {
  const mutation = useSetUserThrottle();
  const switchId = useId();
  const current = user.throttle;

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Throttle"
      description={`Limit how many requests ${userLabel(user)} may make a minute. It applies from their next request.`}
      schema={throttleFormSchema}
      defaultValues={{
        throttleEnabled: current.throttleEnabled,
        // A new throttle starts from the platform's sample limit rather than whatever the row last held.
        maxRequestsPerMinute: String(current.throttleEnabled ? current.maxRequestsPerMinute : DEFAULT_MAX_REQUESTS_PER_MINUTE),
        currentThrottleLevel: String(current.currentThrottleLevel),
      }}
      onSubmit={async (values) => {
        try {
          const saved = await mutation.mutateAsync({ id: user.id, ...values });
          toast({
            title: "Throttle saved",
            description: saved.throttle.throttleEnabled
              ? `${userLabel(saved)} may make ${throttleText(saved.throttle)}`
              : `${userLabel(saved)} is no longer throttled`,
          });
          onOpenChange(false);
        } catch (error) {
          toast({ title: "Error", description: messageOf(error, "Failed to save the throttle"), variant: "destructive" });
        }
      }}
      submitLabel="Save throttle"
      pendingLabel="Saving..."
    >
      {(form) => {
        const { errors } = form.formState;
        const [enabled, maxRequestsPerMinute, currentThrottleLevel] = form.watch([
          "throttleEnabled",
          "maxRequestsPerMinute",
          "currentThrottleLevel",
        ]);
        // What the limiter would allow with the values as typed, once they are valid.
        const preview = throttleFormSchema.safeParse({ throttleEnabled: enabled, maxRequestsPerMinute, currentThrottleLevel });
        return (
          <>
            <div className="flex items-center gap-3">
              <Switch
                id={switchId}
                checked={enabled}
                onCheckedChange={(checked) => form.setValue("throttleEnabled", checked, { shouldDirty: true })}
              />
              <Label htmlFor={switchId}>Throttle enabled</Label>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Max requests per minute"
                inputMode="numeric"
                registration={form.register("maxRequestsPerMinute")}
                error={errors.maxRequestsPerMinute}
              />
              <TextField
                label="Throttle level (%)"
                inputMode="numeric"
                hint="0 to 100: the share of the limit the user gets"
                registration={form.register("currentThrottleLevel")}
                error={errors.currentThrottleLevel}
              />
            </div>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {!enabled ? "Not throttled: the usual limits apply." : preview.success ? `Allows ${throttleText(preview.data)}.` : ""}
            </p>
          </>
        );
      }}
    </FormDialog>
  );
}
