// The home tool page. Its screen lives in ./home.lazy, downloaded with the route's own chunk.
import { createRoute } from "@tanstack/react-router";
import { rootRoute } from "./root";

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/",
}).lazy(() => import("./home.lazy").then((module) => module.homeLazyRoute));
