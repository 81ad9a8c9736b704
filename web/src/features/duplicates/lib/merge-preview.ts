// What a merge will leave, worked out the way the server does it, so the Ready to Merge bar can show the result before
// anyone presses Merge: the kept record's empty fields are filled from the merged records, newest (last changed)
// first; its non-empty fields change only where the admin picked another value; notes are joined, kept record's first,
// repeats dropped; and a record in the default list moves to the newest merged record's other list.
import { DEFAULT_LIST_NAME } from "@contracts/contacts";
import { conflictingFields, DUPLICATE_FIELDS, type DuplicateField, type DuplicateRecord } from "@contracts/duplicates";

export type FieldValues = Record<DuplicateField, string | null>;
/** Values the admin picked for conflicting fields, by field. */
export type PickedValues = Partial<Record<PickableField, string>>;
/** Notes are always joined, never picked. */
export type PickableField = Exclude<DuplicateField, "notes">;

export type MergePreview = { fields: FieldValues; list: DuplicateRecord["list"] };

const NOTES_SEPARATOR = "\n";

function filled(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function newestFirst(records: readonly DuplicateRecord[]): DuplicateRecord[] {
  return [...records].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id);
}

/** The merged result's fields before any pick: the fill rule alone. */
function filledFields(kept: DuplicateRecord, merged: readonly DuplicateRecord[]): FieldValues {
  const donors = newestFirst(merged);
  const fields = {} as FieldValues;
  for (const field of DUPLICATE_FIELDS) {
    fields[field] = filled(kept[field]) ?? donors.map((record) => filled(record[field])).find((value) => value !== null) ?? null;
  }
  const notes = [kept, ...donors].map((record) => filled(record.notes)).filter((note) => note !== null);
  fields.notes = notes.length ? [...new Set(notes)].join(NOTES_SEPARATOR) : null;
  return fields;
}

export function mergePreview(kept: DuplicateRecord, merged: readonly DuplicateRecord[], picked: PickedValues = {}): MergePreview {
  const fields = { ...filledFields(kept, merged), ...picked };
  const movedTo = kept.list.name === DEFAULT_LIST_NAME ? newestFirst(merged).find((record) => record.list.name !== DEFAULT_LIST_NAME) : undefined;
  return { fields, list: movedTo?.list ?? kept.list };
}

/** The fields the Pick values step offers: those whose values differ between the kept and merged records. */
export function pickableFields(kept: DuplicateRecord, merged: readonly DuplicateRecord[]): PickableField[] {
  return conflictingFields([kept, ...merged]).filter((field): field is PickableField => field !== "notes");
}

/** The distinct non-empty values a field has among `records`, in the records' order. */
export function valuesOf(records: readonly DuplicateRecord[], field: DuplicateField): string[] {
  return [...new Set(records.map((record) => filled(record[field])).filter((value) => value !== null))];
}

/**
 * The merge request's `fields`: only the picks that differ from what the fill rule gives anyway, so a merge without
 * picks sends none and the server's rule decides.
 */
export function pickedFields(kept: DuplicateRecord, merged: readonly DuplicateRecord[], picked: PickedValues): PickedValues | undefined {
  const unpicked = filledFields(kept, merged);
  const changed = Object.entries(picked).filter(([field, value]) => unpicked[field as PickableField] !== value);
  return changed.length ? Object.fromEntries(changed) : undefined;
}
