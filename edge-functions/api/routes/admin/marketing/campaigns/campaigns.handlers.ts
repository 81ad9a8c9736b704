import type { Context } from "hono";
import { z } from "zod";
import {
  createMarketingCampaign,
  deleteMarketingCampaign,
  listMarketingCampaigns,
  type marketingCampaignInputSchema,
  PREVIEW_TYPES,
  previewCampaign,
  updateMarketingCampaign,
} from "../../../../../_shared/marketing/index.ts";
import { checked, type JsonInput } from "../../../../lib/json-body.ts";
import { pathUuid } from "../../../../lib/path-id.ts";
import type { SignedInEnv } from "../../../../lib/require-user.ts";

type WithCampaign = Context<SignedInEnv, string, JsonInput<typeof marketingCampaignInputSchema>>;

const previewType = z.enum(PREVIEW_TYPES, { error: `campaignType must be one of ${PREVIEW_TYPES.join(", ")}` });
const campaignId = (c: Context) => pathUuid(c.req.param("id"), "campaign_not_found");

export async function list(c: Context<SignedInEnv>) {
  return c.json(await listMarketingCampaigns(c.var.signedIn.claims), 200);
}

export async function create(c: WithCampaign) {
  return c.json(await createMarketingCampaign(c.var.signedIn.claims, c.req.valid("json")), 201);
}

export async function update(c: WithCampaign) {
  return c.json(await updateMarketingCampaign(c.var.signedIn.claims, campaignId(c), c.req.valid("json")), 200);
}

export async function remove(c: Context<SignedInEnv>) {
  await deleteMarketingCampaign(c.var.signedIn.claims, campaignId(c));
  return c.body(null, 204);
}

export async function preview(c: Context<SignedInEnv>) {
  const type = checked(previewType, c.req.param("campaignType"));
  return c.json(await previewCampaign(c.var.signedIn.claims, type, campaignId(c)), 200);
}
