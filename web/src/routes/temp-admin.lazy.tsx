// The /temp-admin screen, downloaded with the route's own chunk; the route (search schema, guard) is in ./temp-admin.
import type { TempAdminTimeframe } from "@contracts/admin";
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { PlatformAnalyticsPage } from "@/features/admin";
import { usePageTitle } from "@/lib/page-title";
import { AdminOnly } from "./admin-guard";

const routeApi = getRouteApi("/_signed-in/temp-admin");

export const tempAdminLazyRoute = createLazyRoute("/_signed-in/temp-admin")({
  component: TempAdminRoute,
});

function TempAdminRoute() {
  usePageTitle("Platform analytics");
  const { timeframe } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onTimeframeChange = useCallback(
    (next: TempAdminTimeframe) => void navigate({ search: { timeframe: next === "today" ? undefined : next }, replace: true }),
    [navigate],
  );
  return (
    <AdminOnly>
      <PlatformAnalyticsPage timeframe={timeframe ?? "today"} onTimeframeChange={onTimeframeChange} />
    </AdminOnly>
  );
}
