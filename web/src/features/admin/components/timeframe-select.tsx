// The timeframe selector of the figure screens: the browser's own select, with each timeframe in words.
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";

type TimeframeSelectProps<T extends string> = {
  value: T;
  options: readonly T[];
  labels: Record<T, string>;
  onChange: (value: T) => void;
};

export function TimeframeSelect<T extends string>({ value, options, labels, onChange }: TimeframeSelectProps<T>) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Timeframe</Label>
      <NativeSelect id={id} className="w-48" value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
