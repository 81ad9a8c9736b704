// The marketing dashboard's figures under /api/marketing (behind requireAdmin, app.ts).
import { Hono } from "hono";
import type { SignedInEnv } from "../../../../lib/require-user.ts";
import * as handlers from "./figures.handlers.ts";

export const figuresRoutes = new Hono<SignedInEnv>()
  .get("/stats", handlers.stats)
  .get("/analytics", handlers.analytics);
