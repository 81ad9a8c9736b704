// Rows of contact_lists and saved_contacts as the API shows them: the database speaks snake_case, the API the spec's
// camelCase, and this is the one place that translates (both ways: columnsOf* for writes).
import { z } from "zod";
import type { Contact, ContactList, ContactSource } from "./contract.ts";
import { contactSourceSchema } from "./contract.ts";
import type { Tables } from "../database.types.ts";

/** postgres.js returns bigint (int8) as a string; ids are well inside a double's exact range. */
const bigintId = z.union([z.string(), z.number(), z.bigint()]).transform((value) => Number(value));

/**
 * The columns the API reads, as postgres.js returns them (timestamptz arrives as a Date). Checked against the generated
 * types, so a column renamed or dropped by a migration fails `deno check`.
 */
export const contactListRowSchema = z.object({
  id: bigintId,
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  is_default: z.boolean(),
  created_at: z.date(),
  updated_at: z.date(),
} satisfies Partial<Record<keyof Tables<"contact_lists">, z.ZodType>>);
export type ContactListRow = z.infer<typeof contactListRowSchema>;
export const contactListColumns = Object.keys(contactListRowSchema.shape) as (keyof ContactListRow)[];

export function contactListFromRow(row: unknown): ContactList {
  const list = contactListRowSchema.parse(row);
  return {
    id: list.id,
    name: list.name,
    description: list.description,
    color: list.color,
    isDefault: list.is_default,
    createdAt: list.created_at.toISOString(),
    updatedAt: list.updated_at.toISOString(),
  };
}

export const savedContactRowSchema = z.object({
  id: bigintId,
  email: z.string(),
  domain: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  position: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  list_id: bigintId,
  source: contactSourceSchema,
  source_url: z.string().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
} satisfies Partial<Record<keyof Tables<"saved_contacts">, z.ZodType>>);
export type SavedContactRow = z.infer<typeof savedContactRowSchema>;
export const savedContactColumns = Object.keys(savedContactRowSchema.shape) as (keyof SavedContactRow)[];

export function contactFromRow(row: unknown): Contact {
  const contact = savedContactRowSchema.parse(row);
  return {
    id: contact.id,
    email: contact.email,
    domain: contact.domain,
    firstName: contact.first_name,
    lastName: contact.last_name,
    position: contact.position,
    company: contact.company,
    phone: contact.phone,
    notes: contact.notes,
    listId: contact.list_id,
    source: contact.source,
    sourceUrl: contact.source_url,
    createdAt: contact.created_at.toISOString(),
    updatedAt: contact.updated_at.toISOString(),
  };
}

/** The editable contact fields, camelCase in, the columns they are stored in out; undefined fields are left out. */
export interface ContactFields {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  position?: string | null;
  phone?: string | null;
  notes?: string | null;
  source?: ContactSource;
  sourceUrl?: string | null;
}

const fieldColumns = {
  firstName: "first_name",
  lastName: "last_name",
  company: "company",
  position: "position",
  phone: "phone",
  notes: "notes",
  source: "source",
  sourceUrl: "source_url",
} as const satisfies Record<keyof ContactFields, keyof Tables<"saved_contacts">>;

export type ContactFieldColumns = Partial<Record<(typeof fieldColumns)[keyof ContactFields], string | null>>;

export function contactFieldColumns(fields: ContactFields): ContactFieldColumns {
  const columns: ContactFieldColumns = {};
  for (const [field, column] of Object.entries(fieldColumns) as [keyof ContactFields, keyof ContactFieldColumns][]) {
    const value = fields[field];
    if (value !== undefined) columns[column] = value;
  }
  return columns;
}
