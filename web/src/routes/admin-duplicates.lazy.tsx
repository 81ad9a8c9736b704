// The /admin/duplicates screen, downloaded with the route's own chunk; the route is in ./admin-duplicates.
import { createLazyRoute } from "@tanstack/react-router";
import { DuplicatesPage } from "@/features/duplicates";
import { usePageTitle } from "@/lib/page-title";

export const adminDuplicatesLazyRoute = createLazyRoute("/_signed-in/admin/duplicates")({ component: AdminDuplicatesRoute });

function AdminDuplicatesRoute() {
  usePageTitle("Duplicate contacts");
  return <DuplicatesPage />;
}
