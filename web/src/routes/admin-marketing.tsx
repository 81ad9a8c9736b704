// /admin/marketing and its four campaign managers, under the admin layout (non-admins see its 403 screen). The
// dashboard's open tab, and the campaign type an Overview card chose, live in the address. The screens are in
// ./admin-marketing.lazy, a chunk of their own.
import { CAMPAIGN_TYPES } from "@contracts/marketing";
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { MARKETING_TABS } from "@/features/marketing";
import { adminRoute } from "./_admin";

const adminMarketingSearchSchema = z.object({
  tab: z.enum(MARKETING_TABS).optional().catch(undefined),
  type: z.enum(CAMPAIGN_TYPES).optional().catch(undefined),
});

const lazyScreens = () => import("./admin-marketing.lazy");

export const adminMarketingRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/marketing",
  validateSearch: adminMarketingSearchSchema,
}).lazy(() => lazyScreens().then((module) => module.adminMarketingLazyRoute));

export const bannerAdsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/marketing/banner-ads",
}).lazy(() => lazyScreens().then((module) => module.bannerAdsLazyRoute));

export const popupCampaignsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/marketing/popup-campaigns",
}).lazy(() => lazyScreens().then((module) => module.popupCampaignsLazyRoute));

export const pushNotificationsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/marketing/push-notifications",
}).lazy(() => lazyScreens().then((module) => module.pushNotificationsLazyRoute));

export const emailCampaignsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/marketing/email-campaigns",
}).lazy(() => lazyScreens().then((module) => module.emailCampaignsLazyRoute));
