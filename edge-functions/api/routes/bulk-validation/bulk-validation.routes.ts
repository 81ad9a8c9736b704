// /api/bulk-validation: a signed-in user's bulk jobs. A file of up to 5,000 rows is one start-enhanced call; a larger
// one continues with parts to its session; the last part (final) starts the job. Sessions are listed, deleted (which
// cancels a running job) and, once completed, downloaded as CSV.
import { Hono } from "hono";
import { bulkPartRequestSchema, startBulkValidationRequestSchema } from "../../../_shared/bulk-validation/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { requireUser } from "../../lib/require-user.ts";
import * as handlers from "./bulk-validation.handlers.ts";

export const bulkValidationRoutes = new Hono()
  .post("/bulk-validation/start-enhanced", requireUser, jsonBody(startBulkValidationRequestSchema), handlers.start)
  .post("/bulk-validation/sessions/:id/parts", requireUser, jsonBody(bulkPartRequestSchema), handlers.appendPart)
  .get("/bulk-validation/sessions", requireUser, handlers.list)
  .delete("/bulk-validation/sessions/:id", requireUser, handlers.remove)
  .get("/bulk-validation/sessions/:id/download", requireUser, handlers.download);
