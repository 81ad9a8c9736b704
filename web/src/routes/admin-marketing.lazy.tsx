// The marketing screens, downloaded with their own chunk; the routes (search schema) are in ./admin-marketing.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { type ReactNode, useCallback } from "react";
import {
  BannerAdsPage,
  EmailCampaignsPage,
  MarketingDashboard,
  type MarketingView,
  PopupCampaignsPage,
  PushNotificationsPage,
} from "@/features/marketing";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/admin/marketing");

export const adminMarketingLazyRoute = createLazyRoute("/_signed-in/admin/marketing")({ component: AdminMarketingRoute });

function AdminMarketingRoute() {
  usePageTitle("Marketing");
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  // The overview stays out of the address, so /admin/marketing is where it starts.
  const onViewChange = useCallback(
    ({ tab, type }: MarketingView) => void navigate({ search: { tab: tab === "overview" ? undefined : tab, type }, replace: true }),
    [navigate],
  );
  return <MarketingDashboard view={{ tab: search.tab ?? "overview", type: search.type }} onViewChange={onViewChange} />;
}

function titled(title: string, Screen: () => ReactNode) {
  return function ManagerRoute() {
    usePageTitle(title);
    return <Screen />;
  };
}

export const bannerAdsLazyRoute = createLazyRoute("/_signed-in/admin/marketing/banner-ads")({
  component: titled("Banner ads", BannerAdsPage),
});
export const popupCampaignsLazyRoute = createLazyRoute("/_signed-in/admin/marketing/popup-campaigns")({
  component: titled("Pop-up campaigns", PopupCampaignsPage),
});
export const pushNotificationsLazyRoute = createLazyRoute("/_signed-in/admin/marketing/push-notifications")({
  component: titled("Push notifications", PushNotificationsPage),
});
export const emailCampaignsLazyRoute = createLazyRoute("/_signed-in/admin/marketing/email-campaigns")({
  component: titled("Email campaigns", EmailCampaignsPage),
});
