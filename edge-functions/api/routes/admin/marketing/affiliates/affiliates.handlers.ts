import type { Context } from "hono";
import {
  type affiliateSettingInputSchema,
  initZohoAffiliate,
  listAffiliateSettings,
  saveAffiliateSetting,
} from "../../../../../_shared/marketing/index.ts";
import type { JsonInput } from "../../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../../lib/require-user.ts";

export async function list(c: Context<SignedInEnv>) {
  return c.json(await listAffiliateSettings(c.var.signedIn.claims), 200);
}

export async function save(c: Context<SignedInEnv, string, JsonInput<typeof affiliateSettingInputSchema>>) {
  return c.json(await saveAffiliateSetting(c.var.signedIn.claims, c.req.valid("json")), 200);
}

export async function initZoho(c: Context<SignedInEnv>) {
  return c.json(await initZohoAffiliate(c.var.signedIn.claims), 201);
}
