// The system popups screen, downloaded with its own chunk; the route is in ./admin-system-popups.
import { createLazyRoute } from "@tanstack/react-router";
import { SystemPopupsScreen } from "@/features/popups";
import { usePageTitle } from "@/lib/page-title";

export const adminSystemPopupsLazyRoute = createLazyRoute("/_signed-in/admin/system-popups")({
  component: AdminSystemPopupsRoute,
});

function AdminSystemPopupsRoute() {
  usePageTitle("System Popups");
  return <SystemPopupsScreen />;
}
