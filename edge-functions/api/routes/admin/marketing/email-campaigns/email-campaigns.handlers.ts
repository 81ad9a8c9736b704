import type { Context } from "hono";
import { previewEmailCampaign } from "../../../../../_shared/marketing/index.ts";
import type { SignedInEnv } from "../../../../lib/require-user.ts";
import { managerId } from "../../../../lib/manager-routes.ts";

export async function preview(c: Context<SignedInEnv>) {
  return c.json(await previewEmailCampaign(c.var.signedIn.claims, managerId(c, "email_campaign_not_found")), 200);
}
