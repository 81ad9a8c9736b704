// /usage-policy: the Usage Policy page. Its text is in ./usage-policy.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { rootRoute } from "../root";

export const usagePolicyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/usage-policy",
}).lazy(() => import("./usage-policy.lazy").then((module) => module.usagePolicyLazyRoute));
