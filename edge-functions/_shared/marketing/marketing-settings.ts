// Marketing's switches, kept in admin_settings (seeded by the migration) and honoured by delivery and sends. A/B
// testing is not built: the contract refuses turning it on, and it is answered as off.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";
import { marketingRefusals } from "./marketing-refusals.ts";
import { storedMarketingSettings } from "./privileged.ts";
import { type MarketingSettings, marketingSettingsSchema } from "./contract.ts";

/** The switches as delivery and sends read them (private.marketing_settings: no row or anything but "false" is on). */
export async function readMarketingSettings(): Promise<MarketingSettings> {
  return marketingSettingsSchema.parse(await storedMarketingSettings());
}

/** Saves every switch at once (audited by the database) and answers them as stored. */
export async function saveMarketingSettings(
  claims: AccessTokenClaims,
  settings: MarketingSettings,
): Promise<MarketingSettings> {
  const [row] = await marketingRefusals("campaign_not_found", () =>
    asUser(claims, (sql) =>
      sql<{ saved: unknown }[]>`select private.save_marketing_settings(${sql.json(settings)}) as saved`)
  );
  return marketingSettingsSchema.parse(row!.saved);
}
