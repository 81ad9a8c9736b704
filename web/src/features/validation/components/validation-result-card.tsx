// The Validation Result card: a status badge and, by state, the idle hint, a placeholder while the
// server works, the result, or what went wrong. Screen readers hear the status change and the result arrive. A result
// whose mailbox check is still running is followed until the check ends, and then shows the final verdict.
import type { ValidationResult } from "@contracts/validation";
import { InboxIcon } from "lucide-react";
import type { Ref } from "react";
import { CardContent } from "@/components/ui/card";
import { ErrorNotice } from "@/components/ui/error-notice";
import { IconBadge } from "@/components/ui/icon-badge";
import { type StatusBadge, StatusCard } from "@/components/ui/status-card";
import { useMailboxFollowUp } from "../live/use-mailbox-follow-up";
import { isValidAddress, ResultDetails } from "./result-details";

export type ValidationState =
  | { status: "idle" }
  | { status: "validating"; email: string }
  | { status: "done"; result: ValidationResult }
  /** `refusal`: the server's reason for refusing this caller (rate limit, suspension), shown as it is. */
  | { status: "failed"; limitReached: boolean; refusal?: string };

function badgeFor(state: ValidationState): StatusBadge {
  switch (state.status) {
    case "idle":
      return { label: "Waiting for input", className: "bg-muted text-muted-foreground" };
    case "validating":
      return { label: "Validating...", className: "bg-primary/10 text-primary" };
    case "done":
      return isValidAddress(state.result)
        ? { label: "Valid", className: "bg-success/15 text-success" }
        : { label: "Invalid", className: "bg-destructive/10 text-destructive" };
    case "failed":
      return { label: "Invalid", className: "bg-destructive/10 text-destructive" };
  }
}

type ValidationResultCardProps = {
  state: ValidationState;
  onValidateSuggestion: (email: string) => void;
  ref?: Ref<HTMLElement>;
};

export function ValidationResultCard({ state, onValidateSuggestion, ref }: ValidationResultCardProps) {
  const followUp = useMailboxFollowUp(state.status === "done" ? state.result : undefined);
  const shown = state.status === "done" && followUp.result ? { ...state, result: followUp.result } : state;
  const badge = badgeFor(shown);

  return (
    <StatusCard
      titleId="validation-result-title"
      title="Validation Result"
      badge={badge}
      busy={state.status === "validating"}
      ref={ref}
    >
      <CardContent aria-live="polite" aria-busy={state.status === "validating"}>
        {state.status === "idle" && <IdleHint />}
        {state.status === "validating" && <Validating email={state.email} />}
        {shown.status === "done" && (
          <ResultDetails
            result={shown.result}
            mailboxOverdue={followUp.overdue}
            verdictBefore={followUp.verdictBefore}
            onValidateSuggestion={onValidateSuggestion}
          />
        )}
        {state.status === "failed" && <Failed limitReached={state.limitReached} refusal={state.refusal} />}
      </CardContent>
    </StatusCard>
  );
}

function IdleHint() {
  return (
    <div className="grid justify-items-center gap-2 py-10 text-center">
      <IconBadge icon={InboxIcon} />
      <p className="font-medium">No results yet</p>
      <p className="max-w-xs text-sm text-muted-foreground">
        Enter an email address and click the validate button to see results here.
      </p>
    </div>
  );
}

function Validating({ email }: { email: string }) {
  return (
    <div className="grid gap-4">
      <p className="truncate text-sm text-muted-foreground">
        Checking <span className="font-medium text-foreground">{email}</span>
      </p>
      <div className="h-14 animate-pulse rounded-xl bg-muted" />
      <div className="grid grid-cols-3 gap-3">
        <div className="h-16 animate-pulse rounded-xl bg-muted" />
        <div className="h-16 animate-pulse rounded-xl bg-muted" />
        <div className="h-16 animate-pulse rounded-xl bg-muted" />
      </div>
    </div>
  );
}

function Failed({ limitReached, refusal }: { limitReached: boolean; refusal?: string }) {
  return (
    <ErrorNotice>
      {limitReached
        ? "You have used this month's free validations. Sign in or choose a plan to keep validating."
        : (refusal ?? "This address could not be validated. Please try again.")}
    </ErrorNotice>
  );
}
