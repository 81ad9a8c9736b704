// Bulk validation over HTTP: each handler takes validated input, calls the feature, and answers.
import { create as contentDisposition } from "content-disposition";
import type { Context } from "hono";
import {
  appendBulkPart,
  type bulkPartRequestSchema,
  deleteBulkSession,
  downloadBulkResults,
  listBulkSessions,
  startBulkValidation,
  type startBulkValidationRequestSchema,
} from "../../../_shared/bulk-validation/index.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import { pathUuid } from "../../lib/path-id.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";

/** 201 with {jobId, sessionId, ...}: the session exists, its job started if this was the whole file. */
export async function start(c: Context<SignedInEnv, string, JsonInput<typeof startBulkValidationRequestSchema>>) {
  return c.json(await startBulkValidation(c.var.signedIn.claims, c.req.valid("json")), 201);
}

export async function appendPart(c: Context<SignedInEnv, string, JsonInput<typeof bulkPartRequestSchema>>) {
  const id = pathUuid(c.req.param("id"), "bulk_session_not_found");
  return c.json(await appendBulkPart(c.var.signedIn.claims, id, c.req.valid("json")), 200);
}

export async function list(c: Context<SignedInEnv>) {
  return c.json(await listBulkSessions(c.var.signedIn.claims), 200);
}

export async function remove(c: Context<SignedInEnv>) {
  await deleteBulkSession(c.var.signedIn.claims, pathUuid(c.req.param("id"), "bulk_session_not_found"));
  return c.body(null, 204);
}

/**
 * The CSV, streamed as the database cursor reads it, saved as validated_{fileName} (RFC 6266; a name beyond ASCII
 * goes in filename* per RFC 5987, with an ASCII stand-in for old clients).
 */
export async function download(c: Context<SignedInEnv>) {
  const id = pathUuid(c.req.param("id"), "bulk_session_not_found");
  const { fileName, body } = await downloadBulkResults(c.var.signedIn.claims, id);
  return c.body(body, 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": contentDisposition(fileName),
    // Personal data: kept by no cache on the way.
    "cache-control": "private, no-store",
  });
}
