// The sign-in screen at /auth, /login and /register (core.md §2): Login and Register tabs beside what MailScout
// offers. Someone already signed in has no business here and goes home. The screen is in ./auth.lazy, one chunk for
// the three paths.
import { createRoute, redirect } from "@tanstack/react-router";
import { currentUserQueryOptions } from "@/features/auth";
import { rootRoute, type RouterContext } from "./root";

async function redirectSignedInVisitor({ context }: { context: RouterContext }) {
  // A failing user lookup leaves the screen usable: signing in is how to recover from a broken session.
  const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
  if (user) throw redirect({ to: "/", replace: true });
}

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  beforeLoad: redirectSignedInVisitor,
}).lazy(() => import("./auth.lazy").then((module) => module.authLazyRoute));

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  beforeLoad: redirectSignedInVisitor,
}).lazy(() => import("./auth.lazy").then((module) => module.loginLazyRoute));

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/register",
  beforeLoad: redirectSignedInVisitor,
}).lazy(() => import("./auth.lazy").then((module) => module.registerLazyRoute));
