// The contacts contract shared by the api function (Deno) and the SPA (Vite): saved contacts, contact lists and the
// batch import. The field limits are the database's, checked here
// first so a form and the API answer the same message naming the field and the rule.
import { z } from "zod";
import { text } from "../contracts/text.ts";

export const NAME_MAX_LENGTH = 100;
export const COMPANY_MAX_LENGTH = 100;
export const POSITION_MAX_LENGTH = 150;
export const PHONE_MAX_LENGTH = 50;
export const NOTES_MAX_LENGTH = 2000;
export const CONTACT_EMAIL_MAX_LENGTH = 254;
export const SOURCE_URL_MAX_LENGTH = 2048;
export const LIST_NAME_MAX_LENGTH = 100;
export const LIST_DESCRIPTION_MAX_LENGTH = 1000;
export const DEFAULT_LIST_COLOR = "#3B82F6";
export const DEFAULT_LIST_NAME = "General";
/** Rows per POST /api/contacts/import; the SPA sends a larger file in batches of this size. */
export const IMPORT_MAX_ROWS = 1000;
/** GET /api/contacts pages: the most contacts one page may ask for (without a limit, the answer is every contact). */
export const CONTACTS_PAGE_MAX = 500;

export const contactSources = ["validation", "discovery", "bulk", "manual"] as const;
export const contactSourceSchema = z.enum(contactSources, {
  error: `Source must be one of ${contactSources.join(", ")}`,
});
export type ContactSource = z.infer<typeof contactSourceSchema>;

/** Ids are the database's identity numbers. */
export const idSchema = z.number().int().positive();

/**
 * An optional text field as the spec has the forms send it: trimmed, and null when empty. Undefined stays undefined
 * (a PATCH that leaves the field alone); null clears it.
 */
function optionalText(label: string, max: number) {
  return text({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === "" ? null : value))
    .nullish();
}

export const contactEmailSchema = text({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(CONTACT_EMAIL_MAX_LENGTH, `Email must be at most ${CONTACT_EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email("Please enter a valid email address"))
  .refine((email) => email.indexOf("@") <= 64, "Email's local part must be at most 64 characters");

const sourceUrlSchema = text({ error: "Source URL must be text" })
  .trim()
  .max(SOURCE_URL_MAX_LENGTH, `Source URL must be at most ${SOURCE_URL_MAX_LENGTH} characters`)
  .transform((value) => (value === "" ? null : value))
  .pipe(z.url({ protocol: /^https?$/, error: "Source URL must be an http or https URL" }).nullable())
  .nullish();

/** The editable fields every contact has, with their limits. */
export const contactFieldsSchema = z.object({
  firstName: optionalText("First name", NAME_MAX_LENGTH),
  lastName: optionalText("Last name", NAME_MAX_LENGTH),
  company: optionalText("Company", COMPANY_MAX_LENGTH),
  position: optionalText("Position", POSITION_MAX_LENGTH),
  phone: optionalText("Phone", PHONE_MAX_LENGTH),
  notes: optionalText("Notes", NOTES_MAX_LENGTH),
});

const listIdInputSchema = idSchema.nullish();

/**
 * POST /api/contacts. The domain is derived from the email (a `domain` sent along is ignored, as is the discovery
 * save's `userId: 0`); listId omitted or null means the user's General list; source defaults to manual.
 */
export const createContactRequestSchema = contactFieldsSchema.extend({
  email: contactEmailSchema,
  listId: listIdInputSchema,
  source: contactSourceSchema.default("manual"),
  sourceUrl: sourceUrlSchema,
});
export type CreateContactRequest = z.input<typeof createContactRequestSchema>;
export type CreateContact = z.output<typeof createContactRequestSchema>;

/**
 * PATCH /api/contacts/{id}: any subset of the editable fields; null or "" clears one. The email is read-only: sending
 * the stored address back (as an edit form does) is accepted, a different one is refused.
 */
export const updateContactRequestSchema = contactFieldsSchema.extend({
  email: text({ error: "Email must be text" }).trim().optional(),
  listId: listIdInputSchema,
});
export type UpdateContactRequest = z.input<typeof updateContactRequestSchema>;
export type UpdateContact = z.output<typeof updateContactRequestSchema>;

/** A saved contact as the API answers it. */
export const contactSchema = z.object({
  id: idSchema,
  email: z.string(),
  domain: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  position: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  listId: idSchema,
  source: contactSourceSchema,
  sourceUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/**
 * POST /api/contacts answers the saved contact and `sameInbox`: another of the caller's contacts that reaches the same
 * inbox under another spelling (Gmail ignores dots and +tags, and googlemail.com is gmail.com), or null.
 */
export const createdContactSchema = contactSchema.extend({
  sameInbox: z.object({ id: idSchema, email: z.string() }).nullable(),
});
export type CreatedContact = z.infer<typeof createdContactSchema>;

/**
 * GET /api/contacts query: q searches email, names, company and position (every whitespace-separated term must
 * match); listId narrows to one list; limit and offset page. The answer is always a bare array of contacts (the
 * spec's "list of contacts": all of them when no limit is asked), with the number of contacts matching q and listId
 * in the X-Total-Count header.
 */
export const CONTACTS_TOTAL_HEADER = "X-Total-Count";
export const contactsQuerySchema = z.object({
  q: text({ error: "Search must be text" }).trim().max(CONTACT_EMAIL_MAX_LENGTH, `Search must be at most ${CONTACT_EMAIL_MAX_LENGTH} characters`)
    .optional(),
  listId: z.coerce.number({ error: "List id must be a number" }).int("List id must be a whole number")
    .positive("List id must be positive").optional(),
  limit: z.coerce.number({ error: "Limit must be a number" }).int("Limit must be a whole number")
    .min(1, "Limit must be at least 1").max(CONTACTS_PAGE_MAX, `Limit must be at most ${CONTACTS_PAGE_MAX}`)
    .optional(),
  offset: z.coerce.number({ error: "Offset must be a number" }).int("Offset must be a whole number")
    .min(0, "Offset must be at least 0").default(0),
});
export type ContactsQuery = z.output<typeof contactsQuerySchema>;

const colorSchema = text({ error: "Colour must be text" })
  .trim()
  .regex(/^#[0-9A-Fa-f]{6}$/, "Colour must be a hex colour like #3B82F6");

const listNameSchema = text({ error: "List name is required" })
  .trim()
  .min(1, "List name is required")
  .max(LIST_NAME_MAX_LENGTH, `List name must be at most ${LIST_NAME_MAX_LENGTH} characters`);

const listDescriptionSchema = optionalText("Description", LIST_DESCRIPTION_MAX_LENGTH);

/** POST /api/contact-lists: the spec sends name, description, color and isDefault false; only General is default. */
export const createContactListRequestSchema = z.object({
  name: listNameSchema,
  description: listDescriptionSchema,
  color: colorSchema.default(DEFAULT_LIST_COLOR),
  isDefault: z.literal(false, { error: "Only General is the default list" }).optional(),
});
export type CreateContactListRequest = z.input<typeof createContactListRequestSchema>;
export type CreateContactList = z.output<typeof createContactListRequestSchema>;

/** PATCH /api/contact-lists/{id}: any subset; which list is the default never changes. */
export const updateContactListRequestSchema = z.object({
  name: listNameSchema.optional(),
  description: listDescriptionSchema,
  color: colorSchema.optional(),
  isDefault: z.boolean({ error: "isDefault must be true or false" }).optional(),
});
export type UpdateContactListRequest = z.input<typeof updateContactListRequestSchema>;
export type UpdateContactList = z.output<typeof updateContactListRequestSchema>;

export const contactListSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactList = z.infer<typeof contactListSchema>;

// Any string here: a cell that cannot be stored is refused with its row by the import (text() in the field schemas),
// so one bad cell does not refuse the whole batch.
const importCellSchema = z.string({ error: "must be text" }).nullish();

/** One CSV row as the SPA maps it; its fields are checked row by row, so one bad row does not refuse the batch. */
export const importRowSchema = z.object({
  email: importCellSchema,
  firstName: importCellSchema,
  lastName: importCellSchema,
  company: importCellSchema,
  position: importCellSchema,
  phone: importCellSchema,
  notes: importCellSchema,
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** POST /api/contacts/import: up to IMPORT_MAX_ROWS rows into listId (General when omitted or null); source bulk. */
export const importContactsRequestSchema = z.object({
  rows: z
    .array(importRowSchema, { error: "Rows must be a list" })
    .min(1, "Rows must hold at least one row")
    .max(IMPORT_MAX_ROWS, `Rows must hold at most ${IMPORT_MAX_ROWS} rows per request`),
  listId: listIdInputSchema,
});
export type ImportContactsRequest = z.input<typeof importContactsRequestSchema>;

/**
 * What an import did: rows saved, rows skipped (no @ in the email), rows already saved (or repeated in the batch), and
 * rows refused with their 1-based row number within the request and the field and rule they broke.
 */
export const importContactsResponseSchema = z.object({
  imported: z.number().int().min(0),
  skipped: z.number().int().min(0),
  duplicates: z.number().int().min(0),
  errors: z.array(z.object({ row: z.number().int().positive(), message: z.string() })),
});
export type ImportContactsResponse = z.infer<typeof importContactsResponseSchema>;
