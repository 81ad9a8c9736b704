// /account/api-keys: a person's API keys, their usage and the webhook signing secret and deliveries, a page of My
// Account. The keys are asked for as the route matches; the page is a chunk of its own.
import { createRoute } from "@tanstack/react-router";
import { apiKeysQueryOptions } from "@/features/api-keys";
import { accountRoute } from "./account";

export const accountApiKeysRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/api-keys",
  // Not awaited: the page shows its loading state while the keys come in.
  loader: ({ context }) => void context.queryClient.prefetchQuery(apiKeysQueryOptions()),
}).lazy(() => import("./account-api-keys.lazy").then((module) => module.accountApiKeysLazyRoute));
