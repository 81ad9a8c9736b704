import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { useCallback } from "react";
import { CrmSyncPage } from "@/features/crm";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/account/integrations");

export const accountIntegrationsLazyRoute = createLazyRoute("/_signed-in/account/integrations")({ component: AccountIntegrations });

function AccountIntegrations() {
  usePageTitle("My Account: Integrations");
  const search = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  const onCallbackShown = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return (
    <section aria-labelledby="account-integrations" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="account-integrations" className="text-xl font-semibold tracking-tight">
          Zoho CRM
        </h2>
        <p className="text-sm text-muted-foreground">Connect your own Zoho CRM and send your saved contacts to it.</p>
      </div>
      <CrmSyncPage area="account" callback={search} onCallbackShown={onCallbackShown} />
    </section>
  );
}
