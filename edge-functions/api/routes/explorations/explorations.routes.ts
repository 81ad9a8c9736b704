// Explorations: a domain's contacts and company facts from its own website. Anyone may ask; anonymous visitors are
// counted against the validation allowance. The spec fixes the URL, /api/scrape-domain; the folder and the code say
// what it serves, an exploration.
import { Hono } from "hono";
import { scrapeDomainRequestSchema } from "../../../_shared/explorations/index.ts";
import { jsonBody } from "../../lib/json-body.ts";
import * as handlers from "./explorations.handlers.ts";

export const explorationsRoutes = new Hono()
  .post("/scrape-domain", jsonBody(scrapeDomainRequestSchema), handlers.explore);
