// Banner ads: the admin's banners in the header, sidebar, footer or inline slot. CTR is per impression.
import type { z } from "zod";
import { adminRows, columnsOf, fieldsOf } from "./admin-rows.ts";
import { type BannerAd, type bannerAdInputSchema, bannerAdSchema } from "./contract.ts";

export const bannerAds = adminRows<BannerAd, z.output<typeof bannerAdInputSchema>>({
  table: "banner_ads",
  notFound: "banner_ad_not_found",
  extras: (sql) => sql`'ctr', private.campaign_ctr(t.click_count, t.impression_count)`,
  item: (row) => bannerAdSchema.parse(fieldsOf(row)),
  columns: columnsOf,
});
