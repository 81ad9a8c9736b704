// The Validation Result card's Mailbox section: what the domain's mail server said of the mailbox, in plain words, with
// the conversation's details on request; that the check is still running (or taking longer than usual); or why the
// mailbox was not checked. Its body is a polite live region, so the outcome is heard when it replaces "Checking".
import type { MailboxOutcome, SmtpCheck, SmtpChecked, TlsState } from "@contracts/mailbox";
import { NOT_CHECKED_TEXTS } from "@contracts/validation";
import {
  ChevronDownIcon,
  CircleCheckIcon,
  CircleHelpIcon,
  CircleXIcon,
  LoaderCircleIcon,
  type LucideIcon,
  TriangleAlertIcon,
} from "lucide-react";
import { focusRing } from "@/components/ui/focus";
import { cn } from "@/lib/cn";

const HEADLINES: Record<Exclude<MailboxOutcome, "catch_all">, string> = {
  exists: "Mailbox exists",
  not_found: "No such mailbox",
  full: "Mailbox full",
  blocked: "The server would not say",
  unavailable: "Mail servers unreachable",
  greylisted: "Asked to try later",
  unverifiable: "Provider accepts every address",
};

/** The outcome in plain words; a catch-all says how sure the samples made us. */
function mailboxHeadline(check: Pick<SmtpChecked, "outcome" | "catchAllConfidence">): string {
  if (check.outcome !== "catch_all") return HEADLINES[check.outcome];
  return check.catchAllConfidence === null
    ? "Accepts every address (catch-all)"
    : `Accepts every address (catch-all, ${Math.round(check.catchAllConfidence * 100)}% sure)`;
}

type Tone = "good" | "bad" | "warn" | "neutral";

const TONES: Record<MailboxOutcome, Tone> = {
  exists: "good",
  not_found: "bad",
  full: "bad",
  catch_all: "warn",
  unverifiable: "warn",
  blocked: "neutral",
  unavailable: "neutral",
  greylisted: "neutral",
};

const TONE_STYLES: Record<Tone, { icon: LucideIcon; className: string }> = {
  good: { icon: CircleCheckIcon, className: "text-success" },
  bad: { icon: CircleXIcon, className: "text-destructive" },
  warn: { icon: TriangleAlertIcon, className: "text-amber-700 dark:text-amber-300" },
  neutral: { icon: CircleHelpIcon, className: "text-muted-foreground" },
};

const TLS_TEXTS: Record<TlsState, string> = {
  verified: "Encrypted (TLS), certificate verified",
  unverified: "Encrypted (TLS), certificate not verified",
  none: "Not encrypted: the server offered no TLS",
};

const MAILBOX_CHECKING = "Checking the mailbox…";
const MAILBOX_OVERDUE = "The mailbox check is taking longer than usual. The verdict rests on DNS for now.";

export function MailboxCheck({ smtp, overdue }: { smtp: SmtpCheck; overdue: boolean }) {
  return (
    <div aria-live="polite" className="grid gap-2 text-sm">
      {smtp.status === "checked" && <Checked check={smtp} />}
      {smtp.status === "pending" && (
        <p className="flex items-center gap-2 text-muted-foreground">
          {overdue ? (
            <CircleHelpIcon className="size-4 shrink-0" aria-hidden />
          ) : (
            <LoaderCircleIcon className="size-4 shrink-0 animate-spin text-primary" aria-hidden />
          )}
          {overdue ? MAILBOX_OVERDUE : MAILBOX_CHECKING}
        </p>
      )}
      {smtp.status === "not_checked" && <p className="text-muted-foreground">{NOT_CHECKED_TEXTS[smtp.reason]}</p>}
    </div>
  );
}

function Checked({ check }: { check: SmtpChecked }) {
  const tone = TONE_STYLES[TONES[check.outcome]];
  const Icon = tone.icon;
  return (
    <>
      <p className={cn("flex items-center gap-2 font-semibold", tone.className)}>
        <Icon className="size-5 shrink-0" aria-hidden />
        {mailboxHeadline(check)}
      </p>
      <details className="group rounded-lg border px-3 py-2">
        <summary className={cn("flex cursor-pointer list-none items-center justify-between gap-3 rounded font-medium", focusRing)}>
          Details of the check
          <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
        </summary>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
          <dt className="text-muted-foreground">Mail server</dt>
          <dd className="font-mono text-xs break-all">{check.mxHost ?? "None answered"}</dd>
          {check.tls && (
            <>
              <dt className="text-muted-foreground">Connection</dt>
              <dd>{TLS_TEXTS[check.tls]}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Server reply</dt>
          <dd className="font-mono text-xs break-words">
            {check.reply
              ? [check.reply.code, check.reply.enhancedCode, check.reply.text].filter((part) => part !== null).join(" ")
              : "None"}
          </dd>
          {check.provider && (
            <>
              <dt className="text-muted-foreground">Provider</dt>
              <dd>{check.provider}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Checked</dt>
          <dd>
            <time dateTime={check.checkedAt}>{new Date(check.checkedAt).toLocaleString()}</time>
          </dd>
        </dl>
      </details>
    </>
  );
}
