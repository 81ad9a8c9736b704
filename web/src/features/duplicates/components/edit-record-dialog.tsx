// Edit one record of a group. Where other records of the group hold another value for a field (they conflict, or this
// one is empty), the group's values are offered beside it, one press away, so making records agree needs no retyping;
// any other value can be typed.
import { DUPLICATE_FIELDS, type DuplicateRecord, duplicateFieldsSchema } from "@contracts/duplicates";
import { Button } from "@/components/ui/button";
import { FormDialog } from "@/components/ui/form-dialog";
import { TextareaField, TextField } from "@/components/ui/form";
import { toast } from "@/components/ui/toast-store";
import { messageOf } from "@/lib/api";
import { useUpdateRecord } from "../api/change-record";
import { FIELD_LABELS, ownerName } from "../lib/labels";
import { valuesOf } from "../lib/merge-preview";

type EditRecordDialogProps = {
  /** The record being edited; null while the dialog is closed. */
  record: DuplicateRecord | null;
  /** The group's records, whose values are offered where they differ from the edited record's. */
  records: readonly DuplicateRecord[];
  onClose: () => void;
};

export function EditRecordDialog({ record, records, onClose }: EditRecordDialogProps) {
  const update = useUpdateRecord();
  return (
    <FormDialog
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Edit record"
      description={record ? `${record.email}, saved by ${ownerName(record.owner)}` : ""}
      schema={duplicateFieldsSchema}
      defaultValues={Object.fromEntries(DUPLICATE_FIELDS.map((field) => [field, record?.[field] ?? ""]))}
      submitLabel="Save"
      pendingLabel="Saving..."
      onSubmit={async (fields) => {
        if (!record) return;
        try {
          await update.mutateAsync({ id: record.id, fields });
          toast({ title: "Record updated", description: record.email });
          onClose();
        } catch (error) {
          toast({ title: "Update failed", description: messageOf(error, "The record could not be saved"), variant: "destructive" });
        }
      }}
    >
      {(form) =>
        DUPLICATE_FIELDS.map((field) => {
          const values = valuesOf(records, field);
          const offered = values.some((value) => value !== record?.[field]?.trim()) ? values : [];
          const props = { label: FIELD_LABELS[field], registration: form.register(field), error: form.formState.errors[field] };
          return (
            <div key={field} className="grid gap-2">
              {field === "notes" ? <TextareaField {...props} /> : <TextField {...props} autoComplete="off" />}
              {offered.length > 0 && (
                <div role="group" aria-label={`Values of ${FIELD_LABELS[field]} in this group`} className="flex flex-wrap items-center gap-1">
                  <span aria-hidden className="text-xs text-muted-foreground">
                    In this group:
                  </span>
                  {offered.map((value) => (
                    <Button
                      key={value}
                      size="sm"
                      variant="secondary"
                      className="h-7 max-w-full truncate"
                      aria-label={`Use ${value} for ${FIELD_LABELS[field]}`}
                      onClick={() => form.setValue(field, value, { shouldDirty: true, shouldValidate: true })}
                    >
                      {value}
                    </Button>
                  ))}
                </div>
              )}
            </div>
          );
        })
      }
    </FormDialog>
  );
}
