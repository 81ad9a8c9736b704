// /privacy: the Privacy Policy page. Its text is in ./privacy.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { rootRoute } from "../root";

export const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/privacy",
}).lazy(() => import("./privacy.lazy").then((module) => module.privacyLazyRoute));
