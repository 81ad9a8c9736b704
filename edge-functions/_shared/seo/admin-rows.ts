// The dashboard's queries name their columns as the contract does ("pageType") and cast numbers to what JSON carries,
// so a row becomes the contract's item by turning its times into ISO strings and checking it against the schema.
import type { z } from "zod";

export type Row = Record<string, unknown>;

export function contractItem<Schema extends z.ZodType>(schema: Schema, row: Row): z.output<Schema> {
  return schema.parse(
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value])),
  );
}
