// The /admin screen, downloaded with the route's own chunk; the route (search schema) is in ./admin-dashboard.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { type AdminTab, AdminDashboard } from "@/features/admin";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/admin/");

export const adminDashboardLazyRoute = createLazyRoute("/_signed-in/admin/")({
  component: AdminDashboardRoute,
});

function AdminDashboardRoute() {
  usePageTitle("Admin dashboard");
  const { tab } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onTabChange = useCallback(
    (next: AdminTab) => void navigate({ search: { tab: next === "overview" ? undefined : next }, replace: true }),
    [navigate],
  );
  return <AdminDashboard tab={tab ?? "overview"} onTabChange={onTabChange} />;
}
