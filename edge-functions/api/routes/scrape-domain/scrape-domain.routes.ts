// POST /api/scrape-domain: a domain's contacts and company facts from its own website (issue #4). Anyone may ask;
// anonymous visitors are counted against the validation allowance.
import { Hono } from "hono";
import { scrapeDomainRequestSchema } from "../../../_shared/contracts/exploration.ts";
import { jsonBody } from "../../lib/json-body.ts";
import * as handlers from "./scrape-domain.handlers.ts";

export const scrapeDomainRoutes = new Hono()
  .post("/scrape-domain", jsonBody(scrapeDomainRequestSchema), handlers.scrapeDomain);
