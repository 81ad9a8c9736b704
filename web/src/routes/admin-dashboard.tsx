// /admin: the admin dashboard, under the admin layout (non-admins see its 403 screen). The open tab and the overview's
// timeframe live in the address, so a view can be linked to and survives a reload. The screen is in
// ./admin-dashboard.lazy, a chunk of its own.
import { TIMEFRAMES } from "@contracts/admin";
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ADMIN_TABS } from "@/features/admin";
import { adminRoute } from "./_admin";

const adminDashboardSearchSchema = z.object({
  tab: z.enum(ADMIN_TABS).optional().catch(undefined),
  timeframe: z.enum(TIMEFRAMES).optional().catch(undefined),
});

export const adminDashboardRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/",
  validateSearch: adminDashboardSearchSchema,
}).lazy(() => import("./admin-dashboard.lazy").then((module) => module.adminDashboardLazyRoute));
