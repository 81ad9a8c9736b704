// The domain tab under /api/admin (behind requireAdmin, app.ts): what the platform knows of domains, a fresh
// exploration of one, and purging one.
import { Hono } from "hono";
import { adminDomainsQuerySchema } from "../../../../_shared/admin/index.ts";
import { queryParams } from "../../../lib/query-params.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./domains.handlers.ts";

export const domainsRoutes = new Hono<SignedInEnv>()
  .get("/domains", queryParams(adminDomainsQuerySchema), handlers.list)
  .post("/domains/:domain/explore", handlers.reexplore)
  .delete("/domains/:domain", handlers.purge);
