// Form fields beyond text: a short list to choose from (the browser's own select) and an on/off switch, each with its
// label, hint and error tied to the control as the kit's text fields are.
import { useId } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { FieldFrame } from "./form";
import { Label } from "./label";
import { NativeSelect } from "./native-select";
import { Switch } from "./switch";

type SelectFieldProps<T extends FieldValues, TTransformed, V extends string> = {
  label: string;
  control: Control<T, unknown, TTransformed>;
  name: Path<T>;
  options: readonly V[];
  /** How each option reads; the value itself when not given. */
  optionLabel?: (value: V) => string;
  hint?: string;
  className?: string;
};

/** A choice from a short list. Controlled by the form, so the value it starts from is the form's, in any browser. */
export function SelectField<T extends FieldValues, TTransformed, V extends string>({
  label,
  control,
  name,
  options,
  optionLabel,
  hint,
  className,
}: SelectFieldProps<T, TTransformed, V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FieldFrame label={label} error={fieldState.error} hint={hint} className={className}>
          {(frame) => (
            <NativeSelect {...frame} {...field} value={field.value ?? ""}>
              {options.map((option) => (
                <option key={option} value={option}>
                  {optionLabel ? optionLabel(option) : option}
                </option>
              ))}
            </NativeSelect>
          )}
        </FieldFrame>
      )}
    />
  );
}

type SwitchFieldProps<T extends FieldValues, TTransformed> = {
  label: string;
  control: Control<T, unknown, TTransformed>;
  name: Path<T>;
  hint?: string;
  disabled?: boolean;
};

/** A boolean field as a switch beside its label; the hint (why it is disabled, say) is read with it. */
export function SwitchField<T extends FieldValues, TTransformed>({
  label,
  control,
  name,
  hint,
  disabled,
}: SwitchFieldProps<T, TTransformed>) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <LabelledSwitch id={id} label={label} hint={hint} disabled={disabled} checked={field.value === true} onCheckedChange={field.onChange} />
      )}
    />
  );
}

type LabelledSwitchProps = {
  id?: string;
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
};

export function LabelledSwitch({ id, label, hint, checked, disabled, onCheckedChange }: LabelledSwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={switchId}>{label}</Label>
        {hint && (
          <p id={`${switchId}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )}
      </div>
      <Switch
        id={switchId}
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${switchId}-hint` : undefined}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
