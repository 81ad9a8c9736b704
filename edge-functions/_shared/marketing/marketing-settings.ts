// Marketing's switches, kept in admin_settings (seeded by the migration) and honoured by delivery and sends. A/B
// testing is not built: the contract refuses turning it on, and it is answered as off.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { marketingRefusals } from "./marketing-refusals.ts";
import { DEFAULT_MARKETING_SETTINGS, type MarketingSettings } from "./contract.ts";

type Switch = Exclude<keyof MarketingSettings, "abTesting">;

/** Each switch's admin_settings key. */
const SETTING_KEYS: Record<Switch, string> = {
  marketingEnabled: "marketing_enabled",
  respectDoNotDisturb: "marketing_respect_dnd",
  clickTracking: "marketing_click_tracking",
  conversionTracking: "marketing_conversion_tracking",
  userSegmentation: "marketing_user_segmentation",
};

export async function readMarketingSettings(claims: AccessTokenClaims): Promise<MarketingSettings> {
  return await asUser(claims, readSettings);
}

/** Saves every switch at once (audited by the database) and answers them as stored. */
export async function saveMarketingSettings(
  claims: AccessTokenClaims,
  settings: MarketingSettings,
): Promise<MarketingSettings> {
  return await marketingRefusals("campaign_not_found", () =>
    asUser(claims, async (sql) => {
      const stored = Object.fromEntries(
        Object.entries(SETTING_KEYS).map(([field, key]) => [key, settings[field as Switch]]),
      );
      await sql`select private.save_marketing_settings(${sql.json(stored)})`;
      return await readSettings(sql);
    })
  );
}

async function readSettings(sql: UserSql): Promise<MarketingSettings> {
  const rows = await sql<{ setting_key: string; setting_value: string }[]>`
    select setting_key, setting_value from public.admin_settings where setting_key in ${sql(Object.values(SETTING_KEYS))}
  `;
  const values = new Map(rows.map((row) => [row.setting_key, row.setting_value === "true"]));
  const settings = { ...DEFAULT_MARKETING_SETTINGS };
  for (const [field, key] of Object.entries(SETTING_KEYS)) settings[field as Switch] = values.get(key) ?? settings[field as Switch];
  return settings;
}
