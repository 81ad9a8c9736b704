import type { Context } from "hono";
import { readActivePopup } from "../../../_shared/popups/index.ts";
import { errorBody } from "../../lib/errors.ts";

export async function activePopup(c: Context) {
  const popup = await readActivePopup(c.req.param("popupType") ?? "");
  if (!popup) return c.json(errorBody("Popup not found"), 404);
  return c.json(popup, 200);
}
