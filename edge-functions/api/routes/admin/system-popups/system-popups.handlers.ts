import type { Context } from "hono";
import {
  listSystemPopups,
  readActivePopup,
  updateSystemPopup,
  type updateSystemPopupRequestSchema,
} from "../../../../_shared/popups/index.ts";
import { DomainError } from "../../../../_shared/errors.ts";
import type { JsonInput } from "../../../lib/json-body.ts";
import { pathId } from "../../../lib/path-id.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

export async function activePopup(c: Context) {
  const popup = await readActivePopup(c.req.param("popupType") ?? "");
  if (!popup) throw new DomainError("popup_not_found");
  c.header("cache-control", "no-cache");
  return c.json(popup, 200);
}

export async function list(c: Context<SignedInEnv>) {
  return c.json(await listSystemPopups(c.var.signedIn.claims), 200);
}

export async function update(
  c: Context<SignedInEnv, string, JsonInput<typeof updateSystemPopupRequestSchema>>,
) {
  const id = pathId(c.req.param("id"), "popup_not_found");
  return c.json(await updateSystemPopup(c.var.signedIn.claims, id, c.req.valid("json")), 200);
}
