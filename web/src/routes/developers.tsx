// /developers: the public API's documentation, for everyone (no sign-in). The loader starts fetching the API's
// description without waiting for it: the guide shows at once and the endpoints fill in. The screen is in
// ./developers.lazy, a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { openApiDocumentQueryOptions } from "@/features/developers";
import { rootRoute } from "./root";

export const developersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/developers",
  loader: ({ context }) => void context.queryClient.prefetchQuery(openApiDocumentQueryOptions()),
}).lazy(() => import("./developers.lazy").then((module) => module.developersLazyRoute));
