// Duplicate contacts: saved contacts platform-wide that reach the same inbox, for the admin's duplicates screen, and
// the edits, deletes, merges and undos made of them. Other folders reach the feature through this file only.
export { deleteDuplicateRecord, mergeDuplicates, undoMerge, updateDuplicateRecord } from "./actions.ts";
export { emailKey } from "./email-key.ts";
export { listDuplicateGroups, readDuplicateGroup } from "./groups.ts";
export { listMerges } from "./merges.ts";
export {
  duplicateGroupsQuerySchema,
  mergeRequestSchema,
  mergesQuerySchema,
  updateDuplicateRecordRequestSchema,
} from "./contract.ts";
