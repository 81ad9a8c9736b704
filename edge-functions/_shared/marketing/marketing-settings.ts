// Marketing's switches, kept in admin_settings (seeded by the migration) and honoured by delivery and sends. A/B
// testing is not built: the contract refuses turning it on, and it is answered as off.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser } from "../db/as-user.ts";
import { marketingRefusals } from "./marketing-refusals.ts";
import { type MarketingSettings, marketingSettingsSchema } from "./contract.ts";

type Switch = Exclude<keyof MarketingSettings, "abTesting">;

/** Each switch's admin_settings key. */
const SETTING_KEYS: Record<Switch, string> = {
  marketingEnabled: "marketing_enabled",
  respectDoNotDisturb: "marketing_respect_dnd",
  clickTracking: "marketing_click_tracking",
  conversionTracking: "marketing_conversion_tracking",
  userSegmentation: "marketing_user_segmentation",
};

/** The switches as stored; as private.marketing_setting reads them, anything but "false" (or no row) is on. */
export async function readMarketingSettings(claims: AccessTokenClaims): Promise<MarketingSettings> {
  const rows = await asUser(claims, (sql) =>
    sql<{ setting_key: string; setting_value: string }[]>`
      select setting_key, setting_value from public.admin_settings where setting_key in ${sql(Object.values(SETTING_KEYS))}
    `
  );
  const off = new Set(rows.filter((row) => row.setting_value.trim().toLowerCase() === "false").map((row) => row.setting_key));
  const switches = Object.entries(SETTING_KEYS).map(([field, key]) => [field, !off.has(key)]);
  return marketingSettingsSchema.parse({ ...Object.fromEntries(switches), abTesting: false });
}

/** Saves every switch at once (audited by the database) and answers them as stored. */
export async function saveMarketingSettings(
  claims: AccessTokenClaims,
  settings: MarketingSettings,
): Promise<MarketingSettings> {
  const [row] = await marketingRefusals("campaign_not_found", () =>
    asUser(claims, (sql) => sql<{ saved: unknown }[]>`select private.save_marketing_settings(${sql.json(settings)}) as saved`)
  );
  return marketingSettingsSchema.parse(row!.saved);
}
