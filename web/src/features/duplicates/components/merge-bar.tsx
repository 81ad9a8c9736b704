// The Ready to Merge bar: what the kept record will hold once the marked ones are merged into it (the server's fill
// rule, worked out here), a Pick values step for the fields the records disagree on, and Merge. Once merged, the
// removed records leave the group and with them the selection that showed the bar.
import type { DuplicateRecord } from "@contracts/duplicates";
import { CombineIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { useMerge } from "../api/merges";
import { FIELD_LABELS, plural } from "../lib/labels";
import { mergePreview, type PickableField, type PickedValues, pickableFields, pickedFields, valuesOf } from "../lib/merge-preview";

type MergeBarProps = {
  kept: DuplicateRecord;
  merged: DuplicateRecord[];
  onUndo: (mergeId: number) => void;
};

export function MergeBar({ kept, merged, onUndo }: MergeBarProps) {
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<PickedValues>({});
  const merge = useMerge(onUndo);
  const titleId = useId();
  const picksId = useId();
  const pickable = pickableFields(kept, merged);
  const preview = mergePreview(kept, merged, picked);

  function mergeNow() {
    merge.mutate({ keepId: kept.id, deleteIds: merged.map((record) => record.id), fields: pickedFields(kept, merged, picked) });
  }

  return (
    <section aria-labelledby={titleId} className="sticky bottom-4 z-10 grid gap-3 rounded-2xl border border-primary bg-card p-4 shadow-lg">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-0.5">
          <h3 id={titleId} className="font-semibold">
            Ready to Merge
          </h3>
          <p className="text-sm text-muted-foreground">
            {plural(merged.length, "record")} will be merged into {kept.email} and removed.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {pickable.length > 0 && (
            <Button variant="outline" aria-expanded={picking} aria-controls={picksId} onClick={() => setPicking(!picking)}>
              Pick values
            </Button>
          )}
          <Button disabled={merge.isPending} onClick={mergeNow}>
            <CombineIcon aria-hidden />
            {merge.isPending ? "Merging..." : "Merge"}
          </Button>
        </div>
      </div>
      {picking && pickable.length > 0 && (
        <div id={picksId} className="grid gap-3 sm:grid-cols-2">
          {pickable.map((field) => (
            <ValuePicker
              key={field}
              field={field}
              values={valuesOf([kept, ...merged], field)}
              value={preview.fields[field]}
              onPick={(value) => setPicked({ ...picked, [field]: value })}
            />
          ))}
        </div>
      )}
      <dl role="group" aria-label="Merged record" className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        {(Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).map((field) => (
          <div key={field} className="contents">
            <dt className="text-muted-foreground">{FIELD_LABELS[field]}</dt>
            <dd className="break-words whitespace-pre-line">{preview.fields[field] ?? <span className="text-muted-foreground">—</span>}</dd>
          </div>
        ))}
        <dt className="text-muted-foreground">List</dt>
        <dd>{preview.list.name}</dd>
      </dl>
    </section>
  );
}

function ValuePicker({ field, values, value, onPick }: { field: PickableField; values: string[]; value: string | null; onPick: (value: string) => void }) {
  const name = useId();
  return (
    <fieldset className="grid gap-1 rounded-lg border p-3">
      <legend className="px-1 text-sm font-medium">{FIELD_LABELS[field]}</legend>
      {values.map((option) => (
        <label key={option} className="flex items-center gap-2 text-sm">
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onPick(option)} className="accent-primary" />
          <span className="break-all">{option}</span>
        </label>
      ))}
    </fieldset>
  );
}
