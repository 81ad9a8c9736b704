// CRM affiliate ads: a partner CRM's sign-up link shown after validations, one setting per CRM. Saved by crmType
// through the database (audited); a setting keeps its CRM. Zoho's setting is created with its defaults on request.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { adminRows, columnsOf, fieldsOf } from "./admin-rows.ts";
import { type AffiliateSetting, type affiliateSettingInputSchema, affiliateSettingSchema } from "./contract.ts";

type AffiliateFields = z.output<typeof affiliateSettingInputSchema>;

// Saved through save_affiliate_setting (the contract's shape, by crmType), not by the rows' own create and change.
const affiliates = adminRows<AffiliateSetting, Record<string, unknown>>({
  table: "affiliate_settings",
  notFound: "affiliate_not_found",
  extras: (sql) => sql`'ctr', private.campaign_ctr(t.click_count, t.impression_count)`,
  item: (row) => {
    const fields = fieldsOf(row);
    return affiliateSettingSchema.parse({
      ...fields,
      displayConditions: {
        showAfterBulkValidation: fields.showAfterBulkValidation,
        showAfterValidationCount: fields.showAfterValidationCount,
        maxShowsPerUser: fields.maxShowsPerUser,
        daysBetweenShows: fields.daysBetweenShows,
      },
    });
  },
  columns: columnsOf,
});

export function listAffiliateSettings(claims: AccessTokenClaims): Promise<AffiliateSetting[]> {
  return affiliates.list(claims);
}

/** Creates the CRM's setting, or changes the one it has (or the one `id` names, which must keep its CRM). */
export function saveAffiliateSetting(claims: AccessTokenClaims, input: AffiliateFields): Promise<AffiliateSetting> {
  return affiliates.asAdmin(claims, async (sql) => {
    const [saved] = await sql<{ id: string }[]>`
      select private.save_affiliate_setting(${sql.json(input)}) as id
    `;
    return await affiliates.read(sql, saved!.id);
  });
}

/** Zoho CRM's setting with its defaults (switched off until the admin fills it in). */
export function initZohoAffiliate(claims: AccessTokenClaims): Promise<AffiliateSetting> {
  return affiliates.asAdmin(claims, async (sql) => {
    const [created] = await sql<{ id: string }[]>`select private.init_zoho_affiliate() as id`;
    return await affiliates.read(sql, created!.id);
  });
}
