// The admin's preview of a campaign in its real slot: the item exactly as delivery would hand it to a visitor, whatever
// its schedule, audience or caps. The id alone finds the row, as it does for delivery: a banner is a banner ad or a
// marketing campaign of a banner type, a popup a popup campaign or a popup-type campaign, an affiliate ad a CRM
// setting or an affiliate-type campaign, an in-app message a marketing campaign.
import type { AccessTokenClaims } from "../auth/index.ts";
import { asUser, type UserSql } from "../db/as-user.ts";
import { DomainError } from "../errors.ts";
import {
  deliveredAffiliateAdSchema,
  deliveredBannerSchema,
  deliveredMessageSchema,
  deliveredPopupSchema,
  type DeliveredType,
} from "./contract.ts";
import type { Row } from "./admin-rows.ts";

/** The types that have a slot on the page (pushes and emails are previewed by their own managers). */
export const PREVIEW_TYPES = ["banner", "popup", "in_app_message", "affiliate_ad"] as const satisfies DeliveredType[];
export type PreviewType = (typeof PREVIEW_TYPES)[number];

/** Which marketing campaign types deliver in each slot. */
const CAMPAIGN_TYPES_IN: Record<PreviewType, string[]> = {
  banner: ["banner", "promotional_banner"],
  popup: ["popup"],
  in_app_message: ["in_app_message"],
  affiliate_ad: ["affiliate_ad"],
};

/** The slot's own table, searched before the marketing campaigns. */
const OWN_TABLE: Partial<Record<PreviewType, string>> = {
  banner: "public.banner_ads",
  popup: "public.popup_campaigns",
  affiliate_ad: "public.affiliate_settings",
};

export async function previewCampaign(claims: AccessTokenClaims, type: PreviewType, id: string) {
  return await asUser(claims, async (sql) => {
    const own = OWN_TABLE[type];
    const ownRow = own ? await rowOf(sql, own, id) : null;
    if (ownRow) return managerItem(type, id, ownRow);
    const campaign = await rowOf(sql, "public.marketing_campaigns", id);
    if (!campaign || !CAMPAIGN_TYPES_IN[type].includes(String(campaign.type))) throw new DomainError("campaign_not_found");
    return campaignItem(type, id, campaign);
  });
}

async function rowOf(sql: UserSql, table: string, id: string): Promise<Row | null> {
  const [found] = await sql<{ row: Row }[]>`select to_jsonb(t) as row from ${sql(table)} t where t.id = ${id}`;
  return found?.row ?? null;
}

/** Delivery's click redirect, for an item with a link to follow. */
function clickUrl(type: PreviewType, id: string, link: unknown): string | null {
  return link ? `/api/campaign-delivery/click/${type}/${id}` : null;
}

function managerItem(type: PreviewType, id: string, row: Row) {
  switch (type) {
    case "banner":
      return deliveredBannerSchema.parse({
        campaignType: "banner",
        campaignId: id,
        title: row.title,
        content: row.content,
        imageUrl: row.image_url,
        actionText: null,
        clickUrl: clickUrl(type, id, row.target_url),
        priority: row.priority,
        placement: row.placement,
      });
    case "popup":
      return deliveredPopupSchema.parse({
        campaignType: "popup",
        campaignId: id,
        title: row.title,
        content: row.content,
        imageUrl: null,
        actionText: row.button_text,
        clickUrl: clickUrl(type, id, row.button_url),
        priority: 0,
        trigger: { type: row.trigger_type, value: row.trigger_value },
        frequency: row.display_frequency,
        backgroundColor: row.background_color,
        textColor: row.text_color,
      });
    default:
      return deliveredAffiliateAdSchema.parse({
        campaignType: "affiliate_ad",
        campaignId: id,
        title: row.ad_title,
        content: row.ad_description,
        imageUrl: row.ad_image_url,
        actionText: row.ad_button_text,
        clickUrl: clickUrl(type, id, row.affiliate_url),
        priority: 0,
        crmType: row.crm_type,
      });
  }
}

function campaignItem(type: PreviewType, id: string, row: Row) {
  const base = {
    campaignType: type,
    campaignId: id,
    title: row.title,
    content: row.content,
    imageUrl: row.image_url,
    actionText: row.action_text,
    clickUrl: clickUrl(type, id, row.action_url),
    priority: row.priority,
  };
  switch (type) {
    case "banner":
      return deliveredBannerSchema.parse({ ...base, placement: "inline" });
    case "popup":
      return deliveredPopupSchema.parse({
        ...base,
        trigger: { type: "time_delay", value: 5 },
        frequency: "once_per_session",
        backgroundColor: "#ffffff",
        textColor: "#000000",
      });
    case "in_app_message":
      return deliveredMessageSchema.parse(base);
    case "affiliate_ad":
      return deliveredAffiliateAdSchema.parse({ ...base, crmType: null });
  }
}
