// The home tool's word when this month's allowance (or the trial's validations) is nearly gone.
import { Link } from "@tanstack/react-router";
import { useAccountUsage } from "../api/get-account-usage";
import { lowAllowance, validationsText } from "../allowance";

export function LowAllowanceNote() {
  const usage = useAccountUsage();
  const low = usage.data ? lowAllowance(usage.data) : null;
  if (!low) return null;
  const left = low.kind === "trial"
    ? `${validationsText(low.remaining)} of your trial's ${low.allowance.toLocaleString("en-US")} left.`
    : `${validationsText(low.remaining)} of ${low.allowance.toLocaleString("en-US")} left this month.`;
  return (
    <p role="status" className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
      <span>{left}</span>
      <Link to="/pricing" className="font-medium text-primary underline-offset-4 hover:underline">
        See plans and credits
      </Link>
    </p>
  );
}
