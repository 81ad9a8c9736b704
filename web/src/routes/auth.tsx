// The sign-in screen at /auth, /login and /register: Login and Register tabs beside what MailScout
// offers. Someone already signed in has no business here and goes home. The screen is in ./auth.lazy, one chunk for
// the three paths. A screen that needs a signed-in person sends a signed-out visitor here with ?redirect=<where they
// were>, and signing in takes them back there.
import { createRoute, redirect } from "@tanstack/react-router";
import { z } from "zod";
import { currentUserQueryOptions } from "@/features/auth";
import { rootRoute, type RouterContext } from "./root";

// Only a path of this site: "//host" or "/\\host" would be read by the browser as another site.
const sameSitePath = z.string().regex(/^\/(?![/\\])/);

export const authSearchSchema = z.object({
  redirect: sameSitePath.optional().catch(undefined),
});

async function redirectSignedInVisitor({ context, search }: { context: RouterContext; search: AuthSearch }) {
  // A failing user lookup leaves the screen usable: signing in is how to recover from a broken session.
  const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
  if (user) throw redirect({ href: search.redirect ?? "/", replace: true });
}

type AuthSearch = z.output<typeof authSearchSchema>;

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/auth",
  validateSearch: authSearchSchema,
  beforeLoad: redirectSignedInVisitor,
}).lazy(() => import("./auth.lazy").then((module) => module.authLazyRoute));

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/login",
  validateSearch: authSearchSchema,
  beforeLoad: redirectSignedInVisitor,
}).lazy(() => import("./auth.lazy").then((module) => module.loginLazyRoute));

export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: "/register",
  validateSearch: authSearchSchema,
  beforeLoad: redirectSignedInVisitor,
}).lazy(() => import("./auth.lazy").then((module) => module.registerLazyRoute));
