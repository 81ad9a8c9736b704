// Saved contacts over HTTP: each handler takes validated input, calls _shared/contacts, and answers.
import type { Context } from "hono";
import {
  createContact,
  deleteContact,
  listContacts,
  updateContact,
  importContacts,
  CONTACTS_TOTAL_HEADER,
  type contactsQuerySchema,
  type createContactRequestSchema,
  type importContactsRequestSchema,
  type updateContactRequestSchema,
} from "../../../_shared/contacts/index.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import type { QueryInput } from "../../lib/query-params.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";
import { pathId } from "../../lib/path-id.ts";

/**
 * GET /api/contacts: always a bare array of contacts (the spec's "list of contacts"), newest first: all of them, or one
 * page when a limit (at most 500) is asked; X-Total-Count tells how many match q and listId in all.
 */
export async function list(c: Context<SignedInEnv, string, QueryInput<typeof contactsQuerySchema>>) {
  const page = await listContacts(c.var.signedIn.claims, c.req.valid("query"));
  c.header(CONTACTS_TOTAL_HEADER, String(page.total));
  return c.json(page.contacts, 200);
}

export async function create(c: Context<SignedInEnv, string, JsonInput<typeof createContactRequestSchema>>) {
  return c.json(await createContact(c.var.signedIn.claims, c.req.valid("json")), 201);
}

export async function update(c: Context<SignedInEnv, string, JsonInput<typeof updateContactRequestSchema>>) {
  const id = pathId(c.req.param("id"), "contact_not_found");
  return c.json(await updateContact(c.var.signedIn.claims, id, c.req.valid("json")), 200);
}

export async function remove(c: Context<SignedInEnv>) {
  await deleteContact(c.var.signedIn.claims, pathId(c.req.param("id"), "contact_not_found"));
  return c.body(null, 204);
}

export async function importRows(c: Context<SignedInEnv, string, JsonInput<typeof importContactsRequestSchema>>) {
  const { rows, listId } = c.req.valid("json");
  return c.json(await importContacts(c.var.signedIn.claims, rows, listId), 200);
}
