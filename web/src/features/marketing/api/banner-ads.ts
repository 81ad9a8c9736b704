// GET, POST /api/campaigns/banner-ads and PUT, DELETE /api/campaigns/banner-ads/{id}: the Banner ads manager's items.
import { type BannerAd, type bannerAdInputSchema, bannerAdSchema } from "@contracts/marketing";
import type { z } from "zod";
import { adminResource } from "./admin-resource";

export const bannerAds = adminResource<BannerAd, z.output<typeof bannerAdInputSchema>>("/api/campaigns/banner-ads", bannerAdSchema);
