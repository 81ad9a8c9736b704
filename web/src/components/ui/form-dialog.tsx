// A form in a dialog: the fields are validated by a zod schema (through Form), the dialog says what the form is for,
// and its last row is Cancel and the submit button. The caller owns `open`, and closes it once the work succeeded, so
// a refusal leaves the person's input where it was.
import type { ReactNode } from "react";
import type { DefaultValues, FieldValues, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./dialog";
import { Form, FormActions } from "./form";

type FormDialogProps<TInput extends FieldValues, TOutput extends FieldValues> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  schema: z.ZodType<TOutput, TInput>;
  /** Read each time the dialog opens, so the fields start from the record as it is then. */
  defaultValues: DefaultValues<TInput>;
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => Promise<void> | void;
  submitLabel: string;
  /** What the submit button says while onSubmit runs. */
  pendingLabel: string;
  /** Whether the submit button is enabled (besides while submitting): e.g. not before a required field has text. */
  canSubmit?: (form: UseFormReturn<TInput, unknown, TOutput>) => boolean;
  /** The button that opens the dialog, when the dialog brings its own. */
  trigger?: ReactNode;
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
};

export function FormDialog<TInput extends FieldValues, TOutput extends FieldValues>({
  open,
  onOpenChange,
  title,
  description,
  schema,
  defaultValues,
  onSubmit,
  submitLabel,
  pendingLabel,
  canSubmit,
  trigger,
  children,
}: FormDialogProps<TInput, TOutput>) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger}
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening: a closed dialog forgets what was typed, and the next opening starts from the defaults. */}
        {open && (
          <Form schema={schema} defaultValues={defaultValues} onSubmit={onSubmit}>
            {(form) => {
              const pending = form.formState.isSubmitting;
              return (
                <>
                  {children(form)}
                  <FormActions onCancel={() => onOpenChange(false)} disabled={pending || (canSubmit ? !canSubmit(form) : false)}>
                    {pending ? pendingLabel : submitLabel}
                  </FormActions>
                </>
              );
            }}
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}
