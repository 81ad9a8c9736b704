import type { Context } from "hono";
import { z } from "zod";
import {
  listPaymentConfigs,
  paymentConfigActiveSchema,
  paymentConfigRequestSchemas,
  paymentProviderSchema,
  resealPaymentConfigs,
  savePaymentConfig,
} from "../../../../_shared/admin/index.ts";
import { checked, type JsonInput } from "../../../lib/json-body.ts";
import type { SignedInEnv } from "../../../lib/require-user.ts";

export async function list(c: Context<SignedInEnv>) {
  return c.json(await listPaymentConfigs(c.var.signedIn.claims), 200);
}

/** Any JSON object: which fields the body needs depends on the provider in the path. */
export const providerBody = z.record(z.string(), z.unknown());

/** The provider's rules (the contract's schema for it) name the first field that breaks them: a 400, nothing stored. */
export async function save(c: Context<SignedInEnv, string, JsonInput<typeof providerBody>>) {
  const provider = checked(paymentProviderSchema, c.req.param("provider"));
  const body = c.req.valid("json");
  const credentials = checked(paymentConfigRequestSchemas[provider], body) as Record<string, string | undefined>;
  const { isActive } = checked(paymentConfigActiveSchema, body);
  return c.json(await savePaymentConfig(c.var.signedIn.claims, provider, credentials, isActive), 200);
}

export async function reseal(c: Context<SignedInEnv>) {
  return c.json(await resealPaymentConfigs(c.var.signedIn.claims), 200);
}
