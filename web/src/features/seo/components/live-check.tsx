// The MX checker's live check: the address field starts with "@domain", and the check runs as the home tool's does
// (the same allowance, the same Validation Result card).
import { UpgradeDialog } from "@/features/anonymous";
import { useValidationTool, ValidationForm, ValidationResultCard } from "@/features/validation";

export function LiveCheck({ domain }: { domain: string }) {
  const { validation, allowance, validate, state } = useValidationTool();
  return (
    <section aria-labelledby="live-check-title" className="grid gap-4 rounded-2xl border bg-card p-4 shadow-sm sm:p-6">
      <div className="grid gap-1">
        <h2 id="live-check-title" className="text-xl font-semibold tracking-tight">
          Check an address at {domain}
        </h2>
        <p className="text-sm text-muted-foreground">Type the part before the @ and see whether mail to it can arrive.</p>
      </div>
      <ValidationForm defaultEmail={`@${domain}`} busy={validation.isPending} onValidate={(email) => validate(email)} />
      <ValidationResultCard state={state} onValidateSuggestion={(email) => validate(email)} />
      <UpgradeDialog {...allowance.upgradeDialog} />
    </section>
  );
}
