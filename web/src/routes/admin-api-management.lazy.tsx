// The /admin/api-management screen, downloaded with the route's own chunk; the route is in ./admin-api-management.
import { createLazyRoute } from "@tanstack/react-router";
import { ApiManagementPage } from "@/features/api-management";
import { usePageTitle } from "@/lib/page-title";

export const adminApiManagementLazyRoute = createLazyRoute("/_signed-in/admin/api-management")({
  component: AdminApiManagementRoute,
});

function AdminApiManagementRoute() {
  usePageTitle("API management");
  return <ApiManagementPage />;
}
