// The /admin/crm-affiliates screen, downloaded with the route's own chunk; the route (search schema) is in
// ./admin-crm-affiliates.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { CrmAffiliatesPage, type CrmAffiliatesView } from "@/features/marketing";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/admin/crm-affiliates");

export const crmAffiliatesLazyRoute = createLazyRoute("/_signed-in/admin/crm-affiliates")({ component: CrmAffiliatesRoute });

function CrmAffiliatesRoute() {
  usePageTitle("CRM affiliates");
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onViewChange = useCallback(
    ({ tab, crm }: CrmAffiliatesView) => void navigate({ search: { tab: tab === "overview" ? undefined : tab, crm }, replace: true }),
    [navigate],
  );
  return <CrmAffiliatesPage view={{ tab: search.tab ?? "overview", crm: search.crm }} onViewChange={onViewChange} />;
}
