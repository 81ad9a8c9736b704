// /api/contact-lists: the signed-in user's lists; General is the default and stays. The shape every resource follows:
// this file says method, path, guard, body contract and handler; the handlers take validated input, call the feature
// through its index.ts and answer; what the feature refuses is a DomainError, answered by the app's onError.
import { Hono } from "hono";
import {
  createContactListRequestSchema,
  updateContactListRequestSchema,
} from "../../../_shared/contacts/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import { requireUser } from "../../lib/require-user.ts";
import * as handlers from "./contact-lists.handlers.ts";

export const contactListsRoutes = new Hono()
  .get("/contact-lists", requireUser, handlers.list)
  .get("/contact-lists/default", requireUser, handlers.readDefault)
  .post("/contact-lists", requireUser, jsonBody(createContactListRequestSchema), handlers.create)
  .patch("/contact-lists/:id", requireUser, jsonBody(updateContactListRequestSchema), handlers.update)
  .delete("/contact-lists/:id", requireUser, handlers.remove);
