// Contact lists over HTTP: each handler takes validated input, calls the contacts feature, and answers.
import type { Context } from "hono";
import {
  createContactList,
  deleteContactList,
  listContactLists,
  readDefaultContactList,
  updateContactList,
  type createContactListRequestSchema,
  type updateContactListRequestSchema,
} from "../../../_shared/contacts/index.ts";
import type { JsonInput } from "../../lib/json-body.ts";
import type { SignedInEnv } from "../../lib/require-user.ts";
import { pathId } from "../../lib/path-id.ts";

export async function list(c: Context<SignedInEnv>) {
  return c.json(await listContactLists(c.var.signedIn.claims), 200);
}

export async function readDefault(c: Context<SignedInEnv>) {
  return c.json(await readDefaultContactList(c.var.signedIn.claims), 200);
}

export async function create(c: Context<SignedInEnv, string, JsonInput<typeof createContactListRequestSchema>>) {
  return c.json(await createContactList(c.var.signedIn.claims, c.req.valid("json")), 201);
}

export async function update(c: Context<SignedInEnv, string, JsonInput<typeof updateContactListRequestSchema>>) {
  const id = pathId(c.req.param("id"), "list_not_found");
  return c.json(await updateContactList(c.var.signedIn.claims, id, c.req.valid("json")), 200);
}

/** Moves the list's contacts to General in the same transaction; General itself answers 400. */
export async function remove(c: Context<SignedInEnv>) {
  const id = pathId(c.req.param("id"), "list_not_found");
  await deleteContactList(c.var.signedIn.claims, id);
  return c.body(null, 204);
}
