// /account/integrations: a person's own Zoho CRM connection and the syncs of their saved contacts, a page of My
// Account. Zoho's redirect comes back here with ?zoho= and ?reason=. The page is a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { crmCallbackSearchSchema } from "@/features/crm";
import { accountRoute } from "./account";

export const accountIntegrationsRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/integrations",
  validateSearch: crmCallbackSearchSchema,
}).lazy(() => import("./account-integrations.lazy").then((module) => module.accountIntegrationsLazyRoute));
