import type { Context } from "hono";
import {
  type marketingSettingsSchema,
  readMarketingSettings,
  saveMarketingSettings,
} from "../../../../../_shared/marketing/index.ts";
import type { JsonInput } from "../../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../../lib/require-user.ts";

export async function read(c: Context<SignedInEnv>) {
  return c.json(await readMarketingSettings(), 200);
}

export async function save(c: Context<SignedInEnv, string, JsonInput<typeof marketingSettingsSchema>>) {
  return c.json(await saveMarketingSettings(c.var.signedIn.claims, c.req.valid("json")), 200);
}
