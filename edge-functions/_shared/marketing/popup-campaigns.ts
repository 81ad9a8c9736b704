// Popup campaigns: the admin's popups with their trigger, frequency and colours. CTR is per show.
import type { z } from "zod";
import { adminRows, columnsOf, fieldsOf } from "./admin-rows.ts";
import { type PopupCampaign, type popupCampaignInputSchema, popupCampaignSchema } from "./contract.ts";

export const popupCampaigns = adminRows<PopupCampaign, z.output<typeof popupCampaignInputSchema>>({
  table: "popup_campaigns",
  notFound: "popup_campaign_not_found",
  extras: (sql) => sql`'ctr', private.campaign_ctr(t.click_count, t.show_count)`,
  item: (row) => popupCampaignSchema.parse(fieldsOf(row)),
  columns: columnsOf,
});
