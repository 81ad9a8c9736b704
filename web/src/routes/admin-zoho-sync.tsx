// /admin/zoho-sync: the admin's own Zoho CRM connection and syncs, with the platform's sync totals. Zoho's redirect
// comes back here with ?zoho= and ?reason=. The screen is in ./admin-zoho-sync.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { crmCallbackSearchSchema } from "@/features/crm";
import { adminRoute } from "./_admin";

export const adminZohoSyncRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/zoho-sync",
  validateSearch: crmCallbackSearchSchema,
}).lazy(() => import("./admin-zoho-sync.lazy").then((module) => module.adminZohoSyncLazyRoute));
