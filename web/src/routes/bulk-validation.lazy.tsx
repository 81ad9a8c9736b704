// The /bulk-validation screen, downloaded with the route's own chunk; the route (search schema) is in ./bulk-validation.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { BulkValidationPage, type BulkTab } from "@/features/bulk-validation";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/_signed-in/bulk-validation");

export const bulkValidationLazyRoute = createLazyRoute("/_signed-in/bulk-validation")({
  component: BulkValidationRoute,
});

function BulkValidationRoute() {
  usePageTitle("Bulk Validation");
  const { tab = "upload" } = routeApi.useSearch();
  const navigate = routeApi.useNavigate();
  return (
    <BulkValidationPage
      tab={tab}
      onTabChange={(next: BulkTab) => void navigate({ search: { tab: next === "upload" ? undefined : next } })}
    />
  );
}
