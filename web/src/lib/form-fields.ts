// Form inputs hold text; the contract's schemas take numbers and ISO instants. These turn the text into what the
// contract expects and let its schema judge it, so a form says the same as the server would.
import { z } from "zod";

/** A number typed in a text field: blank or not a number reaches the contract's schema as NaN, which it refuses. */
export function numberField<T extends z.ZodType<number, number>>(schema: T) {
  return z
    .string()
    .transform((value) => (value.trim() === "" ? Number.NaN : Number(value)))
    .pipe(schema);
}

/** A datetime-local field (the person's own time zone), as the UTC instant the contract expects; blank is undefined. */
export function momentField<T extends z.ZodType<string | undefined, string | undefined>>(schema: T) {
  return z
    .string()
    .transform((value) => (value === "" ? undefined : toInstant(value)))
    .pipe(schema);
}

/** A datetime-local value as a UTC instant; what is not a date is handed on as typed. */
export function toInstant(local: string): string {
  const moment = new Date(local);
  // Not a date: handed on as typed, for the contract's schema to refuse in its own words.
  return Number.isNaN(moment.getTime()) ? local : moment.toISOString();
}

/** A moment as a datetime-local field shows it, in the person's own time zone. */
export function toDatetimeLocal(moment: Date): string {
  return new Date(moment.getTime() - moment.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** An ISO instant as a datetime-local field shows it; blank for none. */
export function instantToLocal(instant: string | null | undefined): string {
  return instant ? toDatetimeLocal(new Date(instant)) : "";
}
