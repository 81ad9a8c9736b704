// The duplicates contract shared by the api function and the SPA: saved contacts that reach the same inbox, grouped
// platform-wide for admins, and the edits, deletes, merges and undos they make of them.
import { z } from "zod";
import { text } from "../contracts/text.ts";

/** Groups per page of GET /api/admin/duplicates/duplicates (keyset paging on the email key). */
export const DUPLICATE_GROUPS_PAGE_SIZE = 50;
/** The most records one merge may remove. */
export const MERGE_MAX_DELETE_IDS = 50;
/** How long a merge can be undone, and how long the audit log keeps the rows it removed. */
export const MERGE_UNDO_DAYS = 30;
/** Merged notes longer than this are refused (409): the contact's notes column holds at most this much. */
export const MERGED_NOTES_MAX_LENGTH = 2000;

/**
 * scope=same-user: groups where one user saved the same inbox twice (these can merge); across-users: groups whose
 * records belong to different users (these offer Edit and Delete only). Absent: every group.
 */
export const DUPLICATE_SCOPES = ["same-user", "across-users"] as const;
export const duplicateScopeSchema = z.enum(DUPLICATE_SCOPES, {
  error: `scope must be one of ${DUPLICATE_SCOPES.join(", ")}`,
});
export type DuplicateScope = z.infer<typeof duplicateScopeSchema>;

/** GET /api/admin/duplicates/duplicates?q=&scope=&after=: `after` is the last group's email of the page before. */
export const duplicateGroupsQuerySchema = z.object({
  q: text({ error: "q must be text" }).trim().max(254, "q must be at most 254 characters").optional(),
  scope: duplicateScopeSchema.optional(),
  after: text({ error: "after must be text" }).max(254, "after must be at most 254 characters").optional(),
});
export type DuplicateGroupsQuery = z.infer<typeof duplicateGroupsQuerySchema>;

/** The fields a record shows and an admin may edit, in the spec's names (position is jobTitle, phone phoneNumber). */
export const DUPLICATE_FIELDS = ["firstName", "lastName", "phoneNumber", "jobTitle", "company", "notes"] as const;
export type DuplicateField = (typeof DUPLICATE_FIELDS)[number];

export const userSummarySchema = z.object({ id: z.string(), email: z.string(), username: z.string().nullable() });
export type UserSummary = z.infer<typeof userSummarySchema>;

/**
 * One saved contact in a group: the spec's contact record (validity from the address's latest validation, null
 * when never validated; mobileNumber from that validation too, since a saved contact has one phone), plus the raw
 * email as saved, its owner, its list and notes.
 */
export const duplicateRecordSchema = z.object({
  id: z.number().int().positive(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  jobTitle: z.string().nullable(),
  company: z.string().nullable(),
  domain: z.string(),
  notes: z.string().nullable(),
  isValid: z.boolean().nullable(),
  lastValidatedAt: z.string().nullable(),
  owner: userSummarySchema,
  list: z.object({ id: z.number().int().positive(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DuplicateRecord = z.infer<typeof duplicateRecordSchema>;

/**
 * A duplicate group: saved contacts sharing an email key. `email` is the key (what the group's URL names),
 * `conflictingFields` the fields whose non-empty values differ between its records.
 */
export const duplicateGroupSchema = z.object({
  email: z.string(),
  count: z.number().int().min(2),
  owners: z.array(userSummarySchema),
  conflictingFields: z.array(z.enum(DUPLICATE_FIELDS)),
  records: z.array(duplicateRecordSchema),
});
export type DuplicateGroup = z.infer<typeof duplicateGroupSchema>;

export const duplicateGroupsPageSchema = z.object({
  groups: z.array(duplicateGroupSchema),
  /** Pass as `after` for the next page; null on the last one. */
  nextAfter: z.string().nullable(),
});
export type DuplicateGroupsPage = z.infer<typeof duplicateGroupsPageSchema>;

/** GET /api/admin/duplicates/duplicates/{email}: the group's records (404 when fewer than two share the key). */
export const duplicateRecordsSchema = z.array(duplicateRecordSchema);

/** The fields whose non-empty values differ between records, in DUPLICATE_FIELDS order. */
export function conflictingFields(records: readonly Pick<DuplicateRecord, DuplicateField>[]): DuplicateField[] {
  return DUPLICATE_FIELDS.filter((field) => {
    const values = new Set(records.map((record) => record[field]?.trim()).filter((value) => value));
    return values.size > 1;
  });
}

function editableText(label: string, max: number) {
  return text({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((value) => (value === "" ? null : value))
    .nullish();
}

/**
 * The editable fields, with the saved contact's limits. Undefined leaves a field alone; null or "" empties it.
 * (mobileNumber is the validation's, not the contact's: not editable here.)
 */
export const duplicateFieldsSchema = z.strictObject({
  firstName: editableText("First name", 100),
  lastName: editableText("Last name", 100),
  phoneNumber: editableText("Phone number", 50),
  jobTitle: editableText("Job title", 150),
  company: editableText("Company", 100),
  notes: editableText("Notes", MERGED_NOTES_MAX_LENGTH),
}, { error: "Only firstName, lastName, phoneNumber, jobTitle, company and notes can be edited" });
export type DuplicateFields = z.output<typeof duplicateFieldsSchema>;

/** PUT /api/admin/duplicates/records/{id}: the edited record; answers the record. Audited. */
export const updateDuplicateRecordRequestSchema = duplicateFieldsSchema;

const recordIdSchema = z.number({ error: "ids must be numbers" }).int("ids must be whole numbers").positive(
  "ids must be positive",
);

/**
 * POST /api/admin/duplicates/merge. `fields` sets the kept record's values where the Edit dialog picked one;
 * otherwise its empty fields are filled from the merged records, newest first, and its non-empty ones stay.
 */
export const mergeRequestSchema = z
  .object({
    keepId: recordIdSchema,
    deleteIds: z
      .array(recordIdSchema, { error: "deleteIds must be a list of record ids" })
      .min(1, "Choose at least one record to merge")
      .max(MERGE_MAX_DELETE_IDS, `At most ${MERGE_MAX_DELETE_IDS} records can be merged at once`),
    fields: duplicateFieldsSchema.optional(),
  })
  .refine((merge) => !merge.deleteIds.includes(merge.keepId), {
    message: "The kept record cannot also be merged",
    path: ["deleteIds"],
  })
  .refine((merge) => new Set(merge.deleteIds).size === merge.deleteIds.length, {
    message: "deleteIds must not repeat an id",
    path: ["deleteIds"],
  });
export type MergeRequest = z.input<typeof mergeRequestSchema>;

/** An entry of the contact audit log as the Recent merges tab lists it. */
export const mergeEntrySchema = z.object({
  id: z.number().int().positive(),
  action: z.enum(["merge", "edit", "delete"]),
  email: z.string(),
  actor: userSummarySchema.nullable(),
  createdAt: z.string(),
  keptId: z.number().int().positive().nullable(),
  removedIds: z.array(z.number().int().positive()),
  undoneAt: z.string().nullable(),
  undoneBy: userSummarySchema.nullable(),
  /** Until when Undo is offered; null once undone, or for actions that cannot be undone. */
  undoableUntil: z.string().nullable(),
});
export type MergeEntry = z.infer<typeof mergeEntrySchema>;

/** POST /api/admin/duplicates/merge: 200, the kept record as it now is and the audit entry Undo names. */
export const mergeResultSchema = z.object({
  mergeId: z.number().int().positive(),
  record: duplicateRecordSchema,
  removedIds: z.array(z.number().int().positive()),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

/** GET /api/admin/duplicates/merges?before=: newest first, 50 a page; `before` is the last entry's id. */
export const mergesQuerySchema = z.object({
  before: z.coerce.number({ error: "before must be a number" }).int().positive().optional(),
});
export const mergesPageSchema = z.object({
  merges: z.array(mergeEntrySchema),
  nextBefore: z.number().int().positive().nullable(),
});
export type MergesPage = z.infer<typeof mergesPageSchema>;

/** POST /api/admin/duplicates/merges/{id}/undo: 200, the kept record restored and the ids given back. */
export const undoMergeResultSchema = z.object({
  record: duplicateRecordSchema,
  restoredIds: z.array(z.number().int().positive()),
});
export type UndoMergeResult = z.infer<typeof undoMergeResultSchema>;
