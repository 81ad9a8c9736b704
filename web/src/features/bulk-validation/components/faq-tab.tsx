// The FAQ & Help tab: what files are taken and how large, how columns are found, what each verdict and reason in the
// results means, and how long results are kept. The reasons' words are the single validation's own (REASON_TEXTS).
import {
  BULK_MAX_ROWS,
  BULK_RESULT_COLUMNS,
  BULK_RETENTION_DAYS,
  BULK_RUNNING_JOBS_MAX,
} from "@contracts/bulk-validation";
import { REASON_CODES, type Verdict, VERDICTS } from "@contracts/validation";
import { ChevronDownIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { focusRing } from "@/components/ui/focus";
import { REASON_TEXTS, VERDICT_TEXTS } from "@/features/validation";
import { cn } from "@/lib/cn";

/** Where each verdict is counted on a session card. */
const VERDICT_COUNTS: Record<Verdict, string> = {
  deliverable: "Mail to the address should arrive. Counted as Valid.",
  risky: "Mail can be delivered, but something makes it doubtful (see the reasons). Counted as Warning.",
  undeliverable: "Mail to the address cannot arrive. Counted as Invalid.",
  unknown: "It could not be found out in time, usually because the domain's name servers did not answer. Counted as Warning.",
};

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <details className="group border-b py-4 last:border-b-0">
      <summary className={cn("flex cursor-pointer list-none items-center justify-between gap-3 rounded font-medium", focusRing)}>
        {question}
        <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="mt-3 grid gap-2 text-sm text-muted-foreground">{children}</div>
    </details>
  );
}

/** Terms and what they mean; `code` for terms written as they appear in the file. */
function Terms({ terms, code = false }: { terms: [string, string][]; code?: boolean }) {
  return (
    <dl className="grid gap-2">
      {terms.map(([term, meaning]) => (
        <div key={term}>
          <dt className={cn("font-medium text-foreground", code && "font-mono text-xs")}>{term}</dt>
          <dd>{meaning}</dd>
        </div>
      ))}
    </dl>
  );
}

export function FaqTab() {
  return (
    <Card>
      <CardContent className="py-2">
        <Question question="Which files can I upload?">
          <p>
            A CSV file (.csv), with or without a header row, separated by commas, semicolons or tabs, or a text file
            (.txt) with one email address a line. Save it as UTF-8 so names with accents come through as written.
          </p>
        </Question>
        <Question question="How large may a file be?">
          <p>
            Up to {BULK_MAX_ROWS.toLocaleString()} emails and 50MB per file. Split a larger list into several files. You
            can have up to {BULK_RUNNING_JOBS_MAX} validations running at once.
          </p>
        </Question>
        <Question question="How are the columns found?">
          <p>
            The email column is the one whose header contains “email”, “e-mail” or “mail”, or else the one whose cells
            hold addresses. First and last name, phone, mobile, job title and company can be mapped too; you can change
            every choice before you start, and the preview shows the first rows.
          </p>
          <p>Rows whose email cell has no @ are skipped and counted; quotes around values are removed.</p>
        </Question>
        <Question question="What about duplicate addresses?">
          <p>An address that appears more than once in a file is validated once, and its result is given on every row.</p>
        </Question>
        <Question question="Can I leave the page while it runs?">
          <p>
            Yes. Validation runs in the background; My Sessions shows its progress live, and a message appears when it
            finishes wherever you are in the app. Keep the page open only while the file is being sent.
          </p>
        </Question>
        <Question question="What does the downloaded file hold?">
          <p>
            Your file's columns as uploaded, then: {BULK_RESULT_COLUMNS.join(", ")}. Cells a spreadsheet would run as a
            formula are made safe, so they show as text.
          </p>
        </Question>
        <Question question="What do the verdicts mean?">
          <Terms
            terms={VERDICTS.map((verdict) => [`${VERDICT_TEXTS[verdict].label} (${verdict})`, VERDICT_COUNTS[verdict]])}
          />
        </Question>
        <Question question="What do the reasons mean?">
          <Terms terms={REASON_CODES.map((code) => [code, REASON_TEXTS[code]])} code />
        </Question>
        <Question question="How long are my files kept?">
          <p>
            Results can be downloaded for {BULK_RETENTION_DAYS} days after a validation completes. Then a scheduled job
            deletes the session with its rows. You can delete a session sooner yourself; deleting a running one stops
            it.
          </p>
        </Question>
      </CardContent>
    </Card>
  );
}
