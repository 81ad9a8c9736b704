// GET /api/admin/system-popups/{popupType}: an active popup's texts, for anyone (the upgrade dialog fetches
// upgrade_limit before the visitor has an account). Editing popups is the admin area's, later.
import { Hono } from "hono";
import * as handlers from "./system-popups.handlers.ts";

export const systemPopupRoutes = new Hono().get("/admin/system-popups/:popupType", handlers.activePopup);
