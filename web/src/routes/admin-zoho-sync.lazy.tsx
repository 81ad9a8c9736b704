// The /admin/zoho-sync screen, downloaded with the route's own chunk; the route (the callback's search) is in
// ./admin-zoho-sync.
import { createLazyRoute } from "@tanstack/react-router";
import { AdminSection } from "@/features/admin";
import { CrmSyncPage } from "@/features/crm";
import { usePageTitle } from "@/lib/page-title";

export const adminZohoSyncLazyRoute = createLazyRoute("/_signed-in/admin/zoho-sync")({ component: AdminZohoSync });

function AdminZohoSync() {
  usePageTitle("CRM sync");
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
      <AdminSection
        level={1}
        title="CRM Sync (Zoho)"
        description="Send your saved contacts to your Zoho CRM. The figures are the platform's totals."
      >
        <CrmSyncPage area="admin" />
      </AdminSection>
    </div>
  );
}
