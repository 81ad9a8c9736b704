// /account: My Account, with its three pages (profile, plan and usage, billing) under one sub-navigation. /account
// itself opens the profile. Only matching and warming the cache are here; each page is a chunk of its own.
import { createRoute, redirect } from "@tanstack/react-router";
import { accountUsageQueryOptions } from "@/features/account";
import { signedInRoute } from "./_signed-in";

export const accountRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: "/account",
}).lazy(() => import("./account.lazy").then((module) => module.accountLazyRoute));

export const accountIndexRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/",
  beforeLoad: () => {
    throw redirect({ to: "/account/profile", replace: true });
  },
});

export const accountProfileRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/profile",
}).lazy(() => import("./account-profile.lazy").then((module) => module.accountProfileLazyRoute));

export const accountUsageRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/usage",
  // Not awaited: the page shows its loading state while the usage comes in.
  loader: ({ context }) => void context.queryClient.prefetchQuery(accountUsageQueryOptions()),
}).lazy(() => import("./account-usage.lazy").then((module) => module.accountUsageLazyRoute));

export const accountBillingRoute = createRoute({
  getParentRoute: () => accountRoute,
  path: "/billing",
  loader: ({ context }) => void context.queryClient.prefetchQuery(accountUsageQueryOptions()),
}).lazy(() => import("./account-billing.lazy").then((module) => module.accountBillingLazyRoute));
