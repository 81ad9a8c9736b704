import type { Context } from "hono";
import { listSystemPopups, readActivePopup } from "../../../../_shared/popups/index.ts";
import { DomainError } from "../../../../_shared/errors.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

export async function activePopup(c: Context) {
  const popup = await readActivePopup(c.req.param("popupType") ?? "");
  if (!popup) throw new DomainError("popup_not_found");
  return c.json(popup, 200);
}

export async function list(c: Context<SignedInEnv>) {
  return c.json(await listSystemPopups(c.var.signedIn.claims), 200);
}
