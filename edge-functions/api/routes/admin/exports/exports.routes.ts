// The exports under /api/admin (behind requireAdmin, app.ts): the whole database as JSON and every user as CSV, both
// streamed, both recorded in the audit log; the database at most once a minute per admin.
import { Hono } from "hono";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./exports.handlers.ts";

export const exportsRoutes = new Hono<SignedInEnv>()
  .get("/export-database", handlers.database)
  .get("/export-users", handlers.users);
