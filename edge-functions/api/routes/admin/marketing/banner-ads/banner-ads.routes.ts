// Banner ads under /api/campaigns (behind requireAdmin, app.ts).
import { bannerAdInputSchema, bannerAds } from "../../../../../_shared/marketing/index.ts";
import { managerRoutes } from "../../../../lib/manager-routes.ts";

export const bannerAdsRoutes = managerRoutes({
  path: "/banner-ads",
  rows: bannerAds,
  input: bannerAdInputSchema,
  notFound: "banner_ad_not_found",
});
