// One validation result: the spec's banner and three checks, then what goes beyond them: the verdict with its
// reasons, what the mail server said of the mailbox, a one-click typo suggestion, the mail servers, the flags and the
// two scores. When the mailbox check moves the verdict, screen readers are told once.
import type { ValidationResult, Verdict } from "@contracts/validation";
import { CircleCheckIcon, CircleXIcon, SparklesIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { SaveContactButton } from "@/features/contacts";
import { cn } from "@/lib/cn";
import { REASON_TEXTS, VERDICT_TEXTS } from "../verdict-texts";
import { MailboxCheck } from "./mailbox-check";

const verdictClass: Record<Verdict, string> = {
  deliverable: "bg-success/15 text-success",
  risky: "bg-amber-500/15 text-amber-700 dark:text-amber-300",
  undeliverable: "bg-destructive/10 text-destructive",
  unknown: "bg-muted text-muted-foreground",
};

type ResultDetailsProps = {
  result: ValidationResult;
  /** The mailbox check is still running after the time a visitor is asked to wait. */
  mailboxOverdue: boolean;
  /** The verdict before the mailbox check moved it. */
  verdictBefore: Verdict | undefined;
  onValidateSuggestion: (email: string) => void;
};

/**
 * What the card calls a valid address: well-formed at a domain that takes mail (isValid), unless the mail server said
 * the mailbox does not exist or is full, which leaves isValid as it was but makes the verdict undeliverable.
 */
export function isValidAddress(result: ValidationResult): boolean {
  return result.isValid && result.verdict !== "undeliverable";
}

export function ResultDetails({ result, mailboxOverdue, verdictBefore, onValidateSuggestion }: ResultDetailsProps) {
  const verdict = VERDICT_TEXTS[result.verdict];
  const { suggestion } = result;
  const valid = isValidAddress(result);

  return (
    <div className="grid gap-5">
      <div
        className={cn(
          "flex items-center gap-3 rounded-xl border p-4",
          valid ? "border-success/40 bg-success/10" : "border-destructive/30 bg-destructive/5",
        )}
      >
        {valid ? (
          <CircleCheckIcon className="size-7 shrink-0 text-success" aria-hidden />
        ) : (
          <CircleXIcon className="size-7 shrink-0 text-destructive" aria-hidden />
        )}
        <div className="grid min-w-0 gap-0.5">
          <p className={cn("text-sm font-bold tracking-wide", valid ? "text-success" : "text-destructive")}>
            {valid ? "VALID EMAIL" : "INVALID EMAIL"}
          </p>
          <p className="truncate font-medium" title={result.email}>
            {result.email}
          </p>
        </div>
      </div>

      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Check name="Format" passed={result.formatValid} text={result.formatValid ? "VALID" : "INVALID FORMAT"} />
        <Check
          name="MX Records"
          passed={result.mxRecordsFound}
          text={result.mxRecordsFound ? "FOUND" : "NO MX RECORDS"}
        />
        <Check name="Deliverable" passed={valid} text={valid ? "Likely" : "Unlikely"} />
      </dl>

      {valid && <SaveContactButton candidate={{ email: result.email }} source="validation" />}

      {suggestion && (
        <Button
          variant="outline"
          className="h-auto justify-start py-2.5 text-left whitespace-normal"
          onClick={() => onValidateSuggestion(suggestion)}
          // Named outright: the name computed from the mixed text and <strong> depends on whitespace handling.
          aria-label={`Did you mean ${suggestion}?`}
        >
          <SparklesIcon className="text-primary" aria-hidden />
          <span>
            Did you mean <strong>{suggestion}</strong>?
          </span>
        </Button>
      )}

      <Section title="Verdict">
        <p className="flex flex-wrap items-center gap-2">
          <span className={cn("rounded-full px-2.5 py-0.5 text-sm font-semibold", verdictClass[result.verdict])}>
            {verdict.label}
          </span>
          <span className="text-sm text-muted-foreground">{verdict.summary}</span>
        </p>
        {result.reasons.length > 0 && (
          <ul aria-label="Reasons" className="grid list-disc gap-1 pl-5 text-sm">
            {result.reasons.map((reason) => (
              <li key={reason}>{REASON_TEXTS[reason]}</li>
            ))}
          </ul>
        )}
        <p className="sr-only" aria-live="polite">
          {verdictBefore &&
            `After the mailbox check the verdict is ${verdict.label}, no longer ${VERDICT_TEXTS[verdictBefore].label}.`}
        </p>
      </Section>

      <Section title="Mailbox" named>
        <MailboxCheck smtp={result.smtp} overdue={mailboxOverdue} />
      </Section>

      {result.mxRecords.length > 0 && (
        <Section title="Mail servers">
          <table className="w-full text-sm">
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="pb-1 font-medium">
                  Host
                </th>
                <th scope="col" className="pb-1 text-right font-medium">
                  Priority
                </th>
              </tr>
            </thead>
            <tbody>
              {result.mxRecords.map((record) => (
                <tr key={`${record.priority} ${record.exchange}`} className="border-t">
                  <td className="py-1.5 font-mono text-xs break-all">{record.exchange}</td>
                  <td className="py-1.5 text-right tabular-nums">{record.priority}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Section>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <Section title="Flags">
          <dl className="grid gap-1.5 text-sm">
            <Flag name="Disposable" on={result.disposable} />
            <Flag name="Role account" on={result.roleAccount} />
            <Flag name="Free provider" on={result.freeProvider} />
          </dl>
        </Section>
        <Section title="Scores">
          <div className="grid gap-3">
            <Score name="Deliverability score" value={result.deliverabilityScore} barClass="bg-success" />
            <Score name="Risk score" value={result.riskScore} barClass="bg-destructive" />
          </div>
        </Section>
      </div>

      <p className="text-xs text-muted-foreground">
        Checked <time dateTime={result.validatedAt}>{new Date(result.validatedAt).toLocaleString()}</time>
      </p>
    </div>
  );
}

/** `named`: a region named by its title, for a section a person (or a test) looks for by name. */
function Section({ title, named = false, children }: { title: string; named?: boolean; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="grid gap-2" aria-labelledby={named ? titleId : undefined}>
      <h3 id={titleId} className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Check({ name, passed, text }: { name: string; passed: boolean; text: string }) {
  return (
    <div
      className={cn(
        "grid content-start gap-1 rounded-xl border p-2.5 sm:p-3",
        passed ? "border-success/30 bg-success/5" : "border-destructive/25 bg-destructive/5",
      )}
    >
      <dt className="text-xs text-muted-foreground">{name}</dt>
      <dd className={cn("flex items-center gap-1 text-xs font-semibold sm:text-sm", passed ? "text-success" : "text-destructive")}>
        {passed ? (
          <CircleCheckIcon className="size-4 shrink-0" aria-hidden />
        ) : (
          <CircleXIcon className="size-4 shrink-0" aria-hidden />
        )}
        {text}
      </dd>
    </div>
  );
}

function Flag({ name, on }: { name: string; on: boolean }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className="text-muted-foreground">{name}</dt>
      <dd className={cn("font-medium", on && "text-amber-700 dark:text-amber-300")}>{on ? "Yes" : "No"}</dd>
    </div>
  );
}

function Score({ name, value, barClass }: { name: string; value: number; barClass: string }) {
  return (
    <div className="grid gap-1 text-sm">
      <div className="flex justify-between gap-3">
        <span className="text-muted-foreground">{name}</span>
        <span className="font-medium tabular-nums">{value} / 100</span>
      </div>
      <div
        role="meter"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn("h-full rounded-full", barClass)} style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}
