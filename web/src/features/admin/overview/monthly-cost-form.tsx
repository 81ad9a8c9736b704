// What running the platform costs a month, in dollars; the profit margin is worked out from it on the server.
import { Button } from "@/components/ui/button";
import { Form, TextField } from "@/components/ui/form";
import { toast } from "@/components/ui/toast-store";
import { refusalOf } from "@/lib/api";
import { monthlyCostInputSchema, useSetMonthlyCost } from "./api/set-monthly-cost";

type MonthlyCostFormProps = {
  currentCents: number | null;
  onDone: () => void;
  /** Offered while costs are already set: the form then only changes them. */
  onCancel?: () => void;
};

export function MonthlyCostForm({ currentCents, onDone, onCancel }: MonthlyCostFormProps) {
  const save = useSetMonthlyCost();
  return (
    <Form
      aria-label="Monthly costs"
      schema={monthlyCostInputSchema}
      defaultValues={{ dollars: currentCents === null ? "" : (currentCents / 100).toFixed(2) }}
      className="gap-2"
      onSubmit={async ({ dollars: cents }) => {
        try {
          await save.mutateAsync({ monthlyCostCents: cents });
          toast({ title: "Costs saved", description: "The profit margin now counts them." });
          onDone();
        } catch (error) {
          toast({
            title: "Save Failed",
            description: refusalOf(error) ?? "Failed to save the monthly cost. Please try again.",
            variant: "destructive",
          });
        }
      }}
    >
      {({ register, formState }) => (
        <>
          <TextField
            label="Monthly cost (USD)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="1200.00"
            registration={register("dollars")}
            error={formState.errors.dollars}
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={formState.isSubmitting}>
              {formState.isSubmitting ? "Saving..." : "Save costs"}
            </Button>
            {onCancel && (
              <Button variant="outline" size="sm" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </div>
        </>
      )}
    </Form>
  );
}
