// /admin/duplicates: duplicate contacts across all users, under the admin layout (non-admins see its 403 screen).
// /admin/duplicate-management, the address the dashboard's Duplicates tab has always opened, leads here. The screen
// is in ./admin-duplicates.lazy, a chunk of its own.
import { createRoute, redirect } from "@tanstack/react-router";
import { adminRoute } from "./_admin";

export const adminDuplicatesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/duplicates",
}).lazy(() => import("./admin-duplicates.lazy").then((module) => module.adminDuplicatesLazyRoute));

export const duplicateManagementRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/duplicate-management",
  beforeLoad: () => {
    throw redirect({ to: "/admin/duplicates", replace: true });
  },
});
