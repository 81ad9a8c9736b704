// Step 2, map the columns: which column holds the emails (required, guessed from its header), which hold the optional fields,
// whether the first row is a header, the session's name, and a preview of the first rows. It says how many rows will
// be validated and how many are skipped for having no "@" before anything is sent.
import { BULK_NAME_MAX_LENGTH } from "@contracts/bulk-validation";
import { FileSpreadsheetIcon } from "lucide-react";
import { useId, useMemo } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { type ColumnDef, DataTable } from "@/components/ui/data-table";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { stripQuotes } from "../file/build-rows";
import { type ColumnMapping, FIELD_LABELS, OPTIONAL_FIELDS, type OptionalField } from "../file/columns";
import type { ReadFile } from "../file/read-file";
import { type Mapping, mappingFor, splitHeader } from "../upload/upload-flow";

export const PREVIEW_ROWS = 5;

type ColumnMappingStepProps = {
  file: ReadFile;
  mapping: Mapping;
  onChange: (mapping: Mapping) => void;
  onStart: () => void;
  onReset: () => void;
};

/** How many data rows have an "@" in the email column, and how many don't. */
function countRows(records: string[][], email: number | null): { usable: number; skipped: number } {
  if (email === null) return { usable: 0, skipped: records.length };
  let usable = 0;
  for (const record of records) if (stripQuotes(record[email] ?? "").includes("@")) usable++;
  return { usable, skipped: records.length - usable };
}

export function ColumnMappingStep({ file, mapping, onChange, onStart, onReset }: ColumnMappingStepProps) {
  const nameId = useId();
  const headerId = useId();
  const { header, records } = useMemo(() => splitHeader(file, mapping.hasHeader), [file, mapping.hasHeader]);
  const width = Math.max(header?.length ?? 0, ...records.slice(0, PREVIEW_ROWS).map((row) => row.length));
  const names = Array.from({ length: width }, (_, index) => header?.[index]?.trim() || `Column ${index + 1}`);
  const counts = useMemo(() => countRows(records, mapping.columns.email), [records, mapping.columns.email]);

  function setColumn(field: keyof ColumnMapping, value: string) {
    const columns = { ...mapping.columns };
    if (field === "email") columns.email = value === "" ? null : Number(value);
    else if (value === "") delete columns[field];
    else columns[field] = Number(value);
    onChange({ ...mapping, columns });
  }

  const fieldOf = (index: number): string | undefined =>
    index === mapping.columns.email
      ? "Email"
      : OPTIONAL_FIELDS.filter((field) => mapping.columns[field] === index).map((field) => FIELD_LABELS[field])[0];

  const previewColumns: ColumnDef<string[], string>[] = names.map((name, index) => ({
    id: String(index),
    accessorFn: (row) => row[index] ?? "",
    enableSorting: false,
    header: () => (
      <span className="grid normal-case">
        <span className="text-foreground">{name}</span>
        {fieldOf(index) && <span className="text-primary">{fieldOf(index)}</span>}
      </span>
    ),
    meta: { className: "max-w-48 truncate" },
  }));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileSpreadsheetIcon className="size-5 text-muted-foreground" aria-hidden />
          Map columns
        </CardTitle>
        <CardDescription>
          {file.fileName}: {records.length.toLocaleString()} rows. Choose the column that holds the email addresses;
          the other fields are optional.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-2">
            <Label htmlFor={nameId}>Session name</Label>
            <Input
              id={nameId}
              value={mapping.sessionName}
              maxLength={BULK_NAME_MAX_LENGTH}
              onChange={(event) => onChange({ ...mapping, sessionName: event.target.value })}
            />
          </div>
          <div className="flex items-center gap-2 self-end pb-2">
            <Checkbox
              id={headerId}
              checked={mapping.hasHeader}
              onCheckedChange={(checked) => onChange(mappingFor(file, checked === true, mapping.sessionName))}
            />
            <Label htmlFor={headerId}>First row is a header</Label>
          </div>
        </div>

        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="sr-only">Columns</legend>
          <ColumnSelect
            label="Email column"
            required
            names={names}
            value={mapping.columns.email ?? undefined}
            onChange={(value) => setColumn("email", value)}
          />
          {OPTIONAL_FIELDS.map((field: OptionalField) => (
            <ColumnSelect
              key={field}
              label={FIELD_LABELS[field]}
              names={names}
              value={mapping.columns[field]}
              onChange={(value) => setColumn(field, value)}
            />
          ))}
        </fieldset>

        <p className="text-sm" aria-live="polite">
          {counts.usable.toLocaleString()} {counts.usable === 1 ? "row" : "rows"} will be validated
          {counts.skipped > 0 && (
            <span className="text-muted-foreground">
              ; {counts.skipped.toLocaleString()} {counts.skipped === 1 ? "row has" : "rows have"} no @ in the email
              column and will be skipped
            </span>
          )}
          .
        </p>

        <section aria-label="Preview" className="grid gap-2">
          <h3 className="text-sm font-medium">Preview of the first rows</h3>
          <DataTable
            caption={`The first ${PREVIEW_ROWS} rows of ${file.fileName}`}
            columns={previewColumns}
            data={records.slice(0, PREVIEW_ROWS)}
          />
        </section>

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onReset}>
            Upload Different File
          </Button>
          <Button onClick={onStart}>Start Validation</Button>
        </div>
      </CardContent>
    </Card>
  );
}

type ColumnSelectProps = {
  label: string;
  names: string[];
  value: number | undefined;
  required?: boolean;
  onChange: (value: string) => void;
};

function ColumnSelect({ label, names, value, required = false, onChange }: ColumnSelectProps) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <span className="flex gap-1">
        <Label htmlFor={id}>{label}</Label>
        {required && (
          <span aria-hidden className="text-sm leading-none text-destructive">
            *
          </span>
        )}
      </span>
      <NativeSelect
        id={id}
        value={value === undefined ? "" : String(value)}
        required={required}
        aria-invalid={required && value === undefined ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{required ? "Select the email column" : "Not mapped"}</option>
        {names.map((name, index) => (
          <option key={index} value={String(index)}>
            {name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
