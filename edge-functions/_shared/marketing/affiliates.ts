// CRM affiliate ads: a partner CRM's sign-up link shown after validations, one setting per CRM. Saved by crmType
// through the database (audited); a setting keeps its CRM. Zoho's setting is created with its defaults on request.
import type { z } from "zod";
import type { AccessTokenClaims } from "../auth/index.ts";
import { adminRows, fieldsOf, type Row } from "./admin-rows.ts";
import { type AffiliateSetting, type affiliateSettingInputSchema, affiliateSettingSchema } from "./contract.ts";

type AffiliateFields = z.output<typeof affiliateSettingInputSchema>;

const affiliates = adminRows<AffiliateSetting, AffiliateFields>({
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
      select private.save_affiliate_setting(${sql.json({ id: input.id ?? null, ...columnsOf(input) })}) as id
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

function columnsOf(input: AffiliateFields): Row {
  const conditions = input.displayConditions;
  return {
    crm_type: input.crmType,
    affiliate_url: input.affiliateUrl,
    is_active: input.isActive,
    ad_title: input.adTitle,
    ad_description: input.adDescription,
    ad_button_text: input.adButtonText,
    ad_image_url: input.adImageUrl,
    show_after_bulk_validation: conditions.showAfterBulkValidation,
    show_after_validation_count: conditions.showAfterValidationCount,
    max_shows_per_user: conditions.maxShowsPerUser,
    days_between_shows: conditions.daysBetweenShows,
  };
}
