// The /admin/support screen, downloaded with the route's own chunk; the route (search schema) is in ./admin-support.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { type AgentQueueView, AgentQueuePage } from "@/features/support";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/admin/support");

export const adminSupportLazyRoute = createLazyRoute("/_signed-in/admin/support")({
  component: AdminSupportRoute,
});

function AdminSupportRoute() {
  usePageTitle("Support queue");
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onViewChange = useCallback(
    ({ page, q, ...rest }: AgentQueueView) =>
      void navigate({ search: { ...rest, q: q || undefined, page: page > 1 ? page : undefined }, replace: true }),
    [navigate],
  );
  return <AgentQueuePage view={{ ...search, page: search.page ?? 1 }} onViewChange={onViewChange} />;
}
