// /api/contacts: the signed-in user's saved contacts and the CSV import's batch call.
import { Hono } from "hono";
import {
  contactsQuerySchema,
  createContactRequestSchema,
  importContactsRequestSchema,
  updateContactRequestSchema,
} from "../../../_shared/contacts/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { queryParams } from "../../lib/query-params.ts";
import { requireUser } from "../../lib/require-user.ts";
import * as handlers from "./contacts.handlers.ts";

export const contactsRoutes = new Hono()
  .get("/contacts", requireUser, queryParams(contactsQuerySchema), handlers.list)
  .post("/contacts", requireUser, jsonBody(createContactRequestSchema), handlers.create)
  .post("/contacts/import", requireUser, jsonBody(importContactsRequestSchema), handlers.importRows)
  .patch("/contacts/:id", requireUser, jsonBody(updateContactRequestSchema), handlers.update)
  .delete("/contacts/:id", requireUser, handlers.remove);
