// /terms: the Terms of Service page. Its text is in ./terms.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { rootRoute } from "../root";

export const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/terms",
}).lazy(() => import("./terms.lazy").then((module) => module.termsLazyRoute));
