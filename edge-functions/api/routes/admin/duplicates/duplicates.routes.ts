// Duplicate contacts under /api/admin/duplicates (behind requireAdmin, app.ts): the groups of saved contacts reaching
// one inbox, a group's records, editing and deleting a record, merging, the Recent merges list and undo.
import { Hono } from "hono";
import {
  duplicateGroupsQuerySchema,
  mergeRequestSchema,
  mergesQuerySchema,
  updateDuplicateRecordRequestSchema,
} from "../../../../_shared/duplicates/index.ts";
import { jsonBody } from "../../../lib/json-body.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./duplicates.handlers.ts";

export const duplicatesRoutes = new Hono<SignedInEnv>()
  .get("/duplicates/duplicates", queryParams(duplicateGroupsQuerySchema), handlers.listGroups)
  .get("/duplicates/duplicates/:email", handlers.readGroup)
  .put("/duplicates/records/:id", jsonBody(updateDuplicateRecordRequestSchema), handlers.updateRecord)
  .delete("/duplicates/records/:id", handlers.deleteRecord)
  .post("/duplicates/merge", jsonBody(mergeRequestSchema), handlers.merge)
  .get("/duplicates/merges", queryParams(mergesQuerySchema), handlers.listMerges)
  .post("/duplicates/merges/:id/undo", handlers.undo);
