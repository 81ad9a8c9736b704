// The /admin screen, downloaded with the route's own chunk; the route (search schema) is in ./admin-dashboard.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { type AdminDashboardView, AdminDashboard } from "@/features/admin";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/admin/");

export const adminDashboardLazyRoute = createLazyRoute("/_signed-in/admin/")({
  component: AdminDashboardRoute,
});

function AdminDashboardRoute() {
  usePageTitle("Admin dashboard");
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  // The defaults stay out of the address, so /admin is the overview of today.
  const onViewChange = useCallback(
    ({ tab, timeframe }: AdminDashboardView) =>
      void navigate({
        search: { tab: tab === "overview" ? undefined : tab, timeframe: timeframe === "today" ? undefined : timeframe },
        replace: true,
      }),
    [navigate],
  );
  const view = { tab: search.tab ?? "overview", timeframe: search.timeframe ?? "today" } as const;
  return <AdminDashboard view={view} onViewChange={onViewChange} />;
}
