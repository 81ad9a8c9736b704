import type { Context } from "hono";
import {
  type adminPagesQuerySchema,
  createKeywordTarget,
  decideRemovalRequest,
  deletePage as deleteSeoPage,
  generateBatch,
  type generateBulkSchema,
  listAdminPages,
  listKeywordTargets,
  listRemovalRequests,
  type newKeywordTargetSchema,
  regenerateAdminPage,
  type removalDecisionSchema,
  type removalListQuerySchema,
  seoStats,
  setPageIndexable,
  type updateSeoPageSchema,
} from "../../../../_shared/seo/index.ts";
import type { JsonInput } from "../../../lib/json-body.ts";
import { pathUuid } from "../../../lib/path-id.ts";
import type { QueryInput } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

// Both lists take the same query (only their default limit differs).
type ListQuery = QueryInput<typeof adminPagesQuerySchema>;

const pageId = (c: Context) => pathUuid(c.req.param("id"), "seo_page_not_found");

export async function stats(c: Context<SignedInEnv>) {
  return c.json(await seoStats(), 200);
}

export async function listPages(c: Context<SignedInEnv, string, ListQuery>) {
  return c.json({ pages: await listAdminPages(c.req.valid("query").limit) }, 200);
}

export async function updatePage(c: Context<SignedInEnv, string, JsonInput<typeof updateSeoPageSchema>>) {
  return c.json(await setPageIndexable(c.var.signedIn.claims, pageId(c), c.req.valid("json").isIndexable), 200);
}

export async function regeneratePage(c: Context<SignedInEnv>) {
  return c.json(await regenerateAdminPage(c.var.signedIn.claims, pageId(c)), 200);
}

export async function deletePage(c: Context<SignedInEnv>) {
  await deleteSeoPage(c.var.signedIn.claims, pageId(c));
  return c.body(null, 204);
}

export async function listKeywords(c: Context<SignedInEnv, string, ListQuery>) {
  return c.json({ keywords: await listKeywordTargets(c.var.signedIn.claims, c.req.valid("query").limit) }, 200);
}

export async function createKeyword(c: Context<SignedInEnv, string, JsonInput<typeof newKeywordTargetSchema>>) {
  return c.json(await createKeywordTarget(c.var.signedIn.claims, c.req.valid("json")), 201);
}

export async function generateBulk(c: Context<SignedInEnv, string, JsonInput<typeof generateBulkSchema>>) {
  return c.json(await generateBatch(c.req.valid("json").limit), 200);
}

export async function listRemovals(c: Context<SignedInEnv, string, QueryInput<typeof removalListQuerySchema>>) {
  return c.json({ requests: await listRemovalRequests(c.var.signedIn.claims, c.req.valid("query").status) }, 200);
}

export async function decideRemoval(c: Context<SignedInEnv, string, JsonInput<typeof removalDecisionSchema>>) {
  const id = pathUuid(c.req.param("id"), "seo_removal_not_found");
  return c.json(await decideRemovalRequest(c.var.signedIn.claims, id, c.req.valid("json").decision), 200);
}
