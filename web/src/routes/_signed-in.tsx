// The layout route around every screen that needs a signed-in person. On the way in it asks who is signed in; a
// signed-out visitor goes to /auth, which sends them back here once signed in. A screen may ask instead to greet the
// visitor with a "Sign in required" screen of its own words (staticData.signedOutScreen), as /contacts does. The
// server refuses the same requests on its own; this only spares a person a screen that cannot work.
import { createRoute, Link, Navigate, Outlet, redirect, useLocation, useMatches } from "@tanstack/react-router";
import { LockIcon } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { IconBadge } from "@/components/ui/icon-badge";
import { Skeleton } from "@/components/ui/skeleton";
import { currentUserQueryOptions, useAuth } from "@/features/auth";
import { BulkProgressListener } from "@/features/bulk-validation";
import { rootRoute } from "./root";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** Signed out, this screen says why to sign in (these words) instead of sending the visitor to /auth. */
    signedOutScreen?: string;
  }
}

type Match = { staticData?: { signedOutScreen?: string } };

/** The words of the innermost screen that greets signed-out visitors itself, if any. */
function signedOutScreenOf(matches: Match[]): string | undefined {
  return [...matches].reverse().find((match) => match.staticData?.signedOutScreen)?.staticData?.signedOutScreen;
}

export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: "_signed-in",
  beforeLoad: async ({ context, location, matches }) => {
    // A screen that greets signed-out visitors itself needs no answer first: its data starts loading at once, beside
    // the lookup of who is signed in, and the layout below shows the screen that fits once that is known.
    if (signedOutScreenOf(matches)) return;
    // A failing lookup counts as signed out: signing in again is how a person recovers from a broken session.
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (!user) throw redirect({ to: "/auth", search: { redirect: location.href }, replace: true });
  },
  component: SignedInLayout,
});

function SignedInLayout() {
  // The session can also end while a screen is open (sign-out here or in another tab): the screen follows it.
  const { isAuthenticated, isLoading } = useAuth();
  const matches = useMatches();
  const location = useLocation();
  if (isLoading) {
    return (
      <div role="status" className="mx-auto max-w-6xl px-4 py-10">
        <Skeleton className="h-40 rounded-2xl" />
        <span className="sr-only">Loading</span>
      </div>
    );
  }
  if (isAuthenticated) {
    return (
      <>
        {/* A bulk job that finishes anywhere in the signed-in app updates its session and says so. */}
        <BulkProgressListener />
        <Outlet />
      </>
    );
  }
  const words = signedOutScreenOf(matches);
  if (words) return <SignInRequired description={words} />;
  return <Navigate to="/auth" search={{ redirect: location.href }} replace />;
}

function SignInRequired({ description }: { description: string }) {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-24 text-center">
      <IconBadge icon={LockIcon} />
      <h1 className="text-2xl font-bold tracking-tight">Sign in required</h1>
      <p className="text-muted-foreground">{description}</p>
      <Link to="/login" className={buttonVariants()}>
        Sign In
      </Link>
    </div>
  );
}
