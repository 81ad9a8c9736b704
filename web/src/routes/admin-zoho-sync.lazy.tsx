// The /admin/zoho-sync screen, downloaded with the route's own chunk; the route (the callback's search) is in
// ./admin-zoho-sync.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { AdminSection } from "@/features/admin";
import { CrmSyncPage } from "@/features/crm";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/admin/zoho-sync");

export const adminZohoSyncLazyRoute = createLazyRoute("/_signed-in/admin/zoho-sync")({ component: AdminZohoSync });

function AdminZohoSync() {
  usePageTitle("CRM sync");
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onCallbackShown = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminSection
        level={1}
        title="CRM Sync (Zoho)"
        description="Send your saved contacts to your Zoho CRM. The figures are the platform's totals."
      >
        <CrmSyncPage area="admin" callback={search} onCallbackShown={onCallbackShown} />
      </AdminSection>
    </div>
  );
}
