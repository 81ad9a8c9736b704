// /admin/api-management: every user's API keys, under the admin layout (non-admins see its 403 screen). The dashboard's
// API management tab opens it in a new window. The screen is in ./admin-api-management.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { adminRoute } from "./_admin";

export const adminApiManagementRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/api-management",
}).lazy(() => import("./admin-api-management.lazy").then((module) => module.adminApiManagementLazyRoute));
