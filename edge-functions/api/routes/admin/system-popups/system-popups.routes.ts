// System popups. The public read of one active popup (the upgrade dialog fetches upgrade_limit before the visitor has
// an account) is mounted before the admin area's guard; the admin routes are mounted behind it (app.ts).
import { Hono } from "hono";
import { etag } from "hono/etag";
import { updateSystemPopupRequestSchema } from "../../../../_shared/popups/index.ts";
import { jsonBody } from "../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";
import * as handlers from "./system-popups.handlers.ts";

/**
 * GET /api/admin/system-popups/{popupType}: an active popup's texts, for anyone. Revalidated on every use (no-cache,
 * ETag), so an admin's edit reaches the next visitor while an unchanged popup costs a 304.
 */
export const activePopupRoutes = new Hono().get("/admin/system-popups/:popupType", etag(), handlers.activePopup);

/** Under /api/admin, behind requireAdmin. */
export const systemPopupsRoutes = new Hono<SignedInEnv>()
  .get("/system-popups", handlers.list)
  .put("/system-popups/:id", jsonBody(updateSystemPopupRequestSchema), handlers.update);
