// /admin: the admin dashboard, under the admin layout (non-admins see its 403 screen). The open tab lives in the
// address, so a tab can be linked to and survives a reload. The screen is in ./admin-dashboard.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ADMIN_TABS } from "@/features/admin";
import { adminRoute } from "./_admin";

const adminDashboardSearchSchema = z.object({
  tab: z.enum(ADMIN_TABS).optional().catch(undefined),
});

export const adminDashboardRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/",
  validateSearch: adminDashboardSearchSchema,
}).lazy(() => import("./admin-dashboard.lazy").then((module) => module.adminDashboardLazyRoute));
