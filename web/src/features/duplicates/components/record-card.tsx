// One saved contact of a group: what it holds and whose it is, and what can be done with it. Keep and Merge are toggle
// buttons (aria-pressed); a record that cannot merge says why beside them, while Edit and Delete stay offered.
import type { DuplicateRecord } from "@contracts/duplicates";
import { CombineIcon, PencilIcon, StarIcon, Trash2Icon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { ownerName, VALIDITY_LABELS, validityOf } from "../lib/labels";

type RecordCardProps = {
  record: DuplicateRecord;
  kept: boolean;
  marked: boolean;
  /** Why Keep and Merge are off for this record; null when they are on. */
  cannotMerge: string | null;
  onKeep: () => void;
  onMerge: () => void;
  onEdit: () => void;
  onDelete: () => void;
};

const VALIDITY_VARIANTS = { valid: "success", invalid: "destructive", unknown: "outline" } as const;

export function RecordCard({ record, kept, marked, cannotMerge, onKeep, onMerge, onEdit, onDelete }: RecordCardProps) {
  const titleId = useId();
  const reasonId = useId();
  const validity = validityOf(record);
  const name = [record.firstName, record.lastName].filter(Boolean).join(" ");
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      className={cn("grid gap-4 p-5", kept && "border-primary ring-1 ring-primary", marked && "border-dashed border-primary/60")}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="font-semibold break-all">
          {record.email}
        </h3>
        <Badge variant={VALIDITY_VARIANTS[validity]}>{VALIDITY_LABELS[validity]}</Badge>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <Detail term="Owner">{ownerName(record.owner)}</Detail>
        <Detail term="List">{record.list.name}</Detail>
        <Detail term="Name">{name}</Detail>
        <Detail term="Job title">{record.jobTitle}</Detail>
        <Detail term="Company">{record.company}</Detail>
        <Detail term="Phone">{record.phoneNumber}</Detail>
        <Detail term="Mobile">{record.mobileNumber}</Detail>
        <Detail term="Last validated">
          {record.lastValidatedAt && <time dateTime={record.lastValidatedAt}>{new Date(record.lastValidatedAt).toLocaleString()}</time>}
        </Detail>
        <Detail term="Notes">{record.notes && <span className="whitespace-pre-line">{record.notes}</span>}</Detail>
      </dl>
      <div className="grid gap-2">
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant={kept ? "default" : "outline"}
            aria-pressed={kept}
            disabled={cannotMerge !== null}
            aria-describedby={cannotMerge ? reasonId : undefined}
            onClick={onKeep}
          >
            <StarIcon aria-hidden />
            Keep
          </Button>
          <Button
            size="sm"
            variant={marked ? "secondary" : "outline"}
            aria-pressed={marked}
            disabled={cannotMerge !== null}
            aria-describedby={cannotMerge ? reasonId : undefined}
            onClick={onMerge}
          >
            <CombineIcon aria-hidden />
            Merge
          </Button>
          <Button size="sm" variant="outline" onClick={onEdit}>
            <PencilIcon aria-hidden />
            Edit
          </Button>
          <Button size="sm" variant="outline" className="text-destructive" onClick={onDelete}>
            <Trash2Icon aria-hidden />
            Delete
          </Button>
        </div>
        {cannotMerge && (
          <p id={reasonId} className="text-xs text-muted-foreground">
            {cannotMerge}
          </p>
        )}
      </div>
    </Card>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="break-words">{children || <span className="text-muted-foreground">—</span>}</dd>
    </>
  );
}
