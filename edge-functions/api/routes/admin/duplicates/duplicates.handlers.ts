import type { Context } from "hono";
import {
  deleteDuplicateRecord,
  type duplicateGroupsQuerySchema,
  listDuplicateGroups,
  listMerges as listMergeEntries,
  mergeDuplicates,
  type mergeRequestSchema,
  type mergesQuerySchema,
  readDuplicateGroup,
  undoMerge,
  updateDuplicateRecord,
  type updateDuplicateRecordRequestSchema,
} from "../../../../_shared/duplicates/index.ts";
import type { JsonInput } from "../../../lib/json-body.ts";
import { pathId } from "../../../lib/path-id.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

const recordId = (c: Context) => pathId(c.req.param("id"), "duplicate_record_not_found");

export async function listGroups(c: Context<SignedInEnv, string, QueryInput<typeof duplicateGroupsQuerySchema>>) {
  return c.json(await listDuplicateGroups(c.var.signedIn.claims, c.req.valid("query")), 200);
}

export async function readGroup(c: Context<SignedInEnv>) {
  return c.json(await readDuplicateGroup(c.var.signedIn.claims, c.req.param("email") ?? ""), 200);
}

export async function updateRecord(
  c: Context<SignedInEnv, string, JsonInput<typeof updateDuplicateRecordRequestSchema>>,
) {
  return c.json(await updateDuplicateRecord(c.var.signedIn.claims, recordId(c), c.req.valid("json")), 200);
}

export async function deleteRecord(c: Context<SignedInEnv>) {
  await deleteDuplicateRecord(c.var.signedIn.claims, recordId(c));
  return c.body(null, 204);
}

export async function merge(c: Context<SignedInEnv, string, JsonInput<typeof mergeRequestSchema>>) {
  return c.json(await mergeDuplicates(c.var.signedIn.claims, c.req.valid("json")), 200);
}

export async function listMerges(c: Context<SignedInEnv, string, QueryInput<typeof mergesQuerySchema>>) {
  return c.json(await listMergeEntries(c.var.signedIn.claims, c.req.valid("query").before), 200);
}

export async function undo(c: Context<SignedInEnv>) {
  const mergeId = pathId(c.req.param("id"), "merge_not_found");
  return c.json(await undoMerge(c.var.signedIn.claims, mergeId), 200);
}
