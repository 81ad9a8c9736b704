// The /support screen, downloaded with the route's own chunk; the route (search schema) is in ./support.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { SupportPage } from "@/features/support";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/support");

export const supportLazyRoute = createLazyRoute("/_signed-in/support")({
  component: SupportRoute,
});

function SupportRoute() {
  usePageTitle("Support");
  const { ticket } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onSelect = useCallback((id: string | undefined) => void navigate({ search: { ticket: id } }), [navigate]);
  return <SupportPage selectedId={ticket} onSelect={onSelect} />;
}
