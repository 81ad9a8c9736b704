// Every form goes through here: react-hook-form state, validation by a zod schema, and fields whose label, hint
// and error are tied to the input for screen readers.
import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheckIcon } from "lucide-react";
import { type ComponentProps, type ReactNode, useId } from "react";
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Mode,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { cn } from "@/lib/cn";
import { Button } from "./button";
import { Input } from "./input";
import { Label } from "./label";
import { Textarea } from "./textarea";

type FormProps<TInput extends FieldValues, TOutput extends FieldValues> = Omit<
  ComponentProps<"form">,
  "onSubmit" | "children"
> & {
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  /** When fields are validated; react-hook-form's default is on submit only. */
  mode?: Mode;
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => Promise<void> | void;
  children: (form: UseFormReturn<TInput, unknown, TOutput>) => ReactNode;
};

export function Form<TInput extends FieldValues, TOutput extends FieldValues>({
  schema,
  defaultValues,
  mode,
  onSubmit,
  children,
  className,
  ...props
}: FormProps<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues, mode });
  return (
    <form
      // The schema validates, with the spec's messages; the browser's own bubbles would say something else.
      noValidate
      onSubmit={form.handleSubmit((values) => onSubmit(values, form))}
      className={cn("grid gap-4", className)}
      {...props}
    >
      {children(form)}
    </form>
  );
}

type FieldFrameProps = {
  label: string;
  error?: FieldError;
  hint?: string;
  id?: string;
  className?: string;
  /** The control, given the attributes that tie it to its label, hint and error. */
  children: (control: { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined }) => ReactNode;
};

/** A form field's frame: its label, the control, and a hint or an error, tied together for screen readers. */
export function FieldFrame({ label, error, hint, id, className, children }: FieldFrameProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  // The error replaces the hint, so the input is described by whichever one is on screen.
  const showHint = Boolean(hint) && !error;
  const describedBy = error ? errorId : showHint ? hintId : undefined;

  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={inputId}>{label}</Label>
      {children({ id: inputId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {showHint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error.message}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<ComponentProps<"input">, keyof UseFormRegisterReturn> & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  hint?: string;
  /** Shows success styling and a check mark: the caller decides when a valid value deserves it. */
  valid?: boolean;
};

export function TextField({ label, registration, error, hint, valid = false, id, className, ...inputProps }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <Input {...control} className={cn(valid && "border-success pr-10")} {...inputProps} {...registration} />
          {valid && (
            <CircleCheckIcon
              role="img"
              aria-label="Valid"
              className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-success"
            />
          )}
        </div>
      )}
    </FieldFrame>
  );
}

type TextareaFieldProps = Omit<ComponentProps<"textarea">, keyof UseFormRegisterReturn> & {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  hint?: string;
};

export function TextareaField({ label, registration, error, hint, id, className, rows = 3, ...props }: TextareaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <Textarea {...control} rows={rows} {...props} {...registration} />}
    </FieldFrame>
  );
}

/** A dialog form's last row: Cancel, then the submit button, whose label tells what is happening. */
export function FormActions({ onCancel, disabled, children }: { onCancel: () => void; disabled: boolean; children: ReactNode }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={disabled}>
        {children}
      </Button>
    </div>
  );
}
