import { createLazyRoute } from "@tanstack/react-router";
import { CrmSyncPage } from "@/features/crm";
import { usePageTitle } from "@/lib/page-title";

export const accountIntegrationsLazyRoute = createLazyRoute("/_signed-in/account/integrations")({ component: AccountIntegrations });

function AccountIntegrations() {
  usePageTitle("My Account: Integrations");
  return (
    <section aria-labelledby="account-integrations" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="account-integrations" className="text-xl font-semibold tracking-tight">
          Zoho CRM
        </h2>
        <p className="text-sm text-muted-foreground">Connect your own Zoho CRM and send your saved contacts to it.</p>
      </div>
      <CrmSyncPage area="account" />
    </section>
  );
}
