// /pricing (platform.md §2). `discount` carries a code claimed in the upgrade dialog, so the page can show it.
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
import { PricingPage } from "@/features/pricing";
import { usePageTitle } from "@/lib/page-title";
import { rootRoute } from "./root";

const pricingSearchSchema = z.object({
  // A code is short and plain; anything else in the address bar is ignored rather than shown.
  discount: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional()
    .catch(undefined),
});

export const pricingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/pricing",
  validateSearch: pricingSearchSchema,
  component: PricingRoute,
});

function PricingRoute() {
  usePageTitle("Pricing");
  const { discount } = pricingRoute.useSearch();
  return <PricingPage discountCode={discount} />;
}
