// /admin/system-popups: the product's own popups, under the admin layout (non-admins see its 403 screen). The screen
// is in ./admin-system-popups.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { adminRoute } from "./_admin";

export const adminSystemPopupsRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: "/system-popups",
}).lazy(() => import("./admin-system-popups.lazy").then((module) => module.adminSystemPopupsLazyRoute));
