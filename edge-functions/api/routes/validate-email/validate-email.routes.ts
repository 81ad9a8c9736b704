// POST /api/validate-email: one address's verdict. Anyone may ask; anonymous visitors are counted.
import { Hono } from "hono";
import { validateEmailRequestSchema } from "../../../_shared/validation/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import * as handlers from "./validate-email.handlers.ts";

export const validateEmailRoutes = new Hono()
  .post("/validate-email", jsonBody(validateEmailRequestSchema), handlers.validateEmail);
