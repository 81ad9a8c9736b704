// The layout route around every admin screen: /admin and everything below it. It sits inside the signed-in layout, so a
// signed-out visitor is sent to sign in first; a signed-in person who is not an admin sees a 403 screen rather than a
// blank page or a screen whose every request the server would refuse. The server checks is_admin on its own.
import { createRoute, Link, Outlet } from "@tanstack/react-router";
import { ShieldOffIcon } from "lucide-react";
import { buttonVariants } from "@/components/ui/button";
import { IconBadge } from "@/components/ui/icon-badge";
import { currentUserQueryOptions, useAuth } from "@/features/auth";
import { signedInRoute } from "./_signed-in";

/** Thrown on the way into an admin screen by someone who is not an admin, so its loaders never run. */
export class NotAnAdminError extends Error {
  override readonly name = "NotAnAdminError";
}

export const adminRoute = createRoute({
  getParentRoute: () => signedInRoute,
  // A path, not a pathless group: it holds /admin/* and nothing else, and has a screen of its own at /admin.
  path: "/admin",
  beforeLoad: async ({ context }) => {
    // Asked of the cache the signed-in layout has just filled, so this costs no second request.
    const user = await context.queryClient.ensureQueryData(currentUserQueryOptions()).catch(() => null);
    if (!user?.isAdmin) throw new NotAnAdminError("This page is for administrators.");
  },
  errorComponent: ({ error }) => {
    if (error instanceof NotAnAdminError) return <Forbidden />;
    throw error; // anything else is the root's error screen
  },
  component: AdminLayout,
});

function AdminLayout() {
  // Who is signed in can change while the screen is open (a sign-in as someone else in another tab).
  const { user } = useAuth();
  return user?.isAdmin ? <Outlet /> : <Forbidden />;
}

function Forbidden() {
  return (
    <div className="mx-auto grid max-w-md justify-items-center gap-4 px-4 py-24 text-center">
      <IconBadge icon={ShieldOffIcon} />
      <p className="text-sm font-medium text-muted-foreground">403</p>
      <h1 className="text-2xl font-bold tracking-tight">Admins only</h1>
      <p className="text-muted-foreground">This page is for administrators. Your account can&apos;t open it.</p>
      <Link to="/" className={buttonVariants({ variant: "outline" })}>
        Go home
      </Link>
    </div>
  );
}
