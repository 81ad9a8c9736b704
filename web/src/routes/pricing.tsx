// /pricing. `discount` carries a code claimed in the upgrade dialog, so the page can show it.
// The screen is in ./pricing.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { z } from "zod";
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
}).lazy(() => import("./pricing.lazy").then((module) => module.pricingLazyRoute));
