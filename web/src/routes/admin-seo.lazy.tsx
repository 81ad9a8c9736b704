// The SEO dashboard, downloaded with its own chunk; the route (search schema) is in ./admin-seo.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { SeoDashboard, type SeoDashboardView } from "@/features/seo";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/admin/seo");

export const adminSeoLazyRoute = createLazyRoute("/_signed-in/admin/seo")({ component: AdminSeoRoute });

function AdminSeoRoute() {
  usePageTitle("SEO");
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  // Landing Pages stays out of the address, so /admin/seo is where it starts.
  const onViewChange = useCallback(
    ({ tab }: SeoDashboardView) => void navigate({ search: { tab: tab === "pages" ? undefined : tab }, replace: true }),
    [navigate],
  );
  return <SeoDashboard view={{ tab: search.tab ?? "pages" }} onViewChange={onViewChange} />;
}
