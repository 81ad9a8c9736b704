// The /pricing screen, downloaded with the route's own chunk; the route (search schema) is in ./pricing.
import { createLazyRoute, getRouteApi } from "@tanstack/react-router";
import { PricingPage } from "@/features/pricing";
import { usePageTitle } from "@/lib/page-title";

const routeApi = getRouteApi("/pricing");

export const pricingLazyRoute = createLazyRoute("/pricing")({
  component: PricingRoute,
});

function PricingRoute() {
  usePageTitle("Pricing");
  const { discount } = routeApi.useSearch();
  return <PricingPage discountCode={discount} />;
}
