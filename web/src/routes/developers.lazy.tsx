// The /developers screen, downloaded with the route's own chunk; the route is in ./developers.
import { createLazyRoute } from "@tanstack/react-router";
import { DevelopersPage } from "@/features/developers";
import { usePageTitle } from "@/lib/page-title";

export const developersLazyRoute = createLazyRoute("/developers")({ component: DevelopersRoute });

function DevelopersRoute() {
  usePageTitle("API documentation");
  return <DevelopersPage />;
}
